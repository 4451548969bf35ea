import { randomUUID } from 'node:crypto';
import { outbox } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContext } from '../auth/auth-helpers.ts';
import { createTestContext, engines, type TestContext } from '../helpers.ts';
import { call, customer, product } from '../orders/order-helpers.ts';
import { captureLog, loggingApp } from './log-capture.ts';

/** The value of one series in Prometheus's text format (0 when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = (match[2] ?? '').split(',');
    if (wanted.every((label) => present.includes(label))) return Number(match[3]);
  }
  return 0;
}

/** Issue 19, finding 10: no metrics. Now Prometheus's text format at GET /metrics, outside /api. */
describe.each(engines)('GET /metrics (%s)', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await authContext(engine);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const scrape = async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it('counts requests by method, route pattern and status, with latency buckets', async () => {
    const before = await scrape();
    for (const slug of ['brass-lamp', 'photo-frame', 'tea-set']) await ctx.app.inject({ method: 'GET', url: `/api/product/${slug}` });
    await ctx.app.inject({ method: 'GET', url: '/api/no/such/route/4711' });
    const after = await scrape();

    const route = { method: 'GET', route: '/api/product/:slug', status_code: '404' };
    expect(sample(after, 'http_request_duration_seconds_count', route) - sample(before, 'http_request_duration_seconds_count', route)).toBe(3);
    expect(sample(after, 'http_request_duration_seconds_bucket', { ...route, le: '+Inf' })).toBe(sample(after, 'http_request_duration_seconds_count', route));
    expect(after).toMatch(/http_request_duration_seconds_bucket\{[^}]*le="0\.005"/);
    // One series per route, never per URL: no slug and no scanner's path becomes a label. Labels only: a value may
    // hold the digits (the process's CPU seconds, counted by every file this worker ran, decision 123).
    const labels = after.match(/\{[^}]*\}/g) ?? [];
    expect(labels.filter((set) => set.includes('brass-lamp') || set.includes('4711'))).toEqual([]);
    expect(sample(after, 'http_request_duration_seconds_count', { route: 'unmatched', status_code: '404' })).toBeGreaterThanOrEqual(1);
  });

  it('counts orders placed, not replays of the same order', async () => {
    const asha = await customer(ctx);
    const lamp = await product(ctx);
    const before = sample(await scrape(), 'shop_orders_placed_total', { payment_method: 'cod' });
    const body = { items: [{ productId: lamp.id, variantId: null, quantity: 1 }], addressId: asha.addressId, paymentMethod: 'cod' };
    const key = { 'idempotency-key': randomUUID() };
    expect((await call(ctx.app, 'POST', '/api/user/order', asha, body, key)).statusCode).toBe(201);
    expect((await call(ctx.app, 'POST', '/api/user/order', asha, body, key)).statusCode).toBe(200);
    const refused = await call(ctx.app, 'POST', '/api/user/order', asha, { ...body, items: [] });
    expect(refused.statusCode).toBeGreaterThanOrEqual(400);
    expect(sample(await scrape(), 'shop_orders_placed_total', { payment_method: 'cod' }) - before).toBe(1);
  });

  it('reports the outbox backlog by channel, counted at scrape time', async () => {
    const before = await scrape();
    // Due in an hour, so no worker sends it during the test.
    await ctx.handle.db.insert(outbox).values({
      channel: 'email',
      recipient: 'asha@example.com',
      kind: 'newsletter',
      bodyText: 'Hello',
      nextAttemptAt: new Date(Date.now() + 3_600_000),
    });
    const after = await scrape();
    expect(sample(after, 'shop_outbox_backlog', { channel: 'email' }) - sample(before, 'shop_outbox_backlog', { channel: 'email' })).toBe(1);
    expect(after).toMatch(/^shop_outbox_backlog\{channel="sms"\} \d+$/m);
  });

  it("includes the process's own metrics: event-loop lag, memory, and the payments counter", async () => {
    const text = await scrape();
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds \d/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);
    expect(text).toMatch(/^process_resident_memory_bytes \d/m);
    expect(text).toContain('# TYPE shop_payments_received_total counter');
  });

  it('is not part of the public API document', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(Object.keys(document.paths)).not.toContain('/metrics');
  });
});

describe('GET /metrics with METRICS_TOKEN', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', {}, { fixtures: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('asks for the bearer token, and serves the metrics with it', async () => {
    const token = 'scrape-token-0123456789abcdef';
    const app = await loggingApp(ctx, captureLog(), { config: { metricsToken: token } });
    try {
      for (const authorization of [undefined, 'Bearer wrong-token', `Basic ${token}`, `Bearer ${token}x`, 'Bearer ']) {
        const refused = await app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} });
        // The shop's refusal shape, from the one error handler.
        expect(refused.statusCode).toBe(401);
        expect(refused.json()).toEqual({ message: 'Sign in to continue', code: 'not_signed_in' });
        expect(refused.headers['www-authenticate']).toBe('Bearer realm="metrics"');
        expect(refused.body).not.toContain('nodejs_');
      }
      const served = await app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${token}` } });
      expect(served.statusCode).toBe(200);
      expect(served.body).toContain('http_request_duration_seconds_count');
    } finally {
      await app.close();
    }
  });
});
