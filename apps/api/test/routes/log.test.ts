import { clientLogs } from '@shop/db';
import { desc } from 'drizzle-orm';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDbRateLimitStore } from '../../src/plugins/db-rate-limit-store.ts';
import { LOG_RATE_LIMIT } from '../../src/routes/log/index.ts';
import { createTestContext, engines, expectRefusal, type TestContext } from '../helpers.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

function postLog(ctx: TestContext, payload: unknown, options: { headers?: Record<string, string>; remoteAddress?: string } = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/log',
    remoteAddress: options.remoteAddress,
    headers: { 'content-type': 'application/json', ...options.headers },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });
}

const lastLog = async (ctx: TestContext) => (await ctx.handle.db.select().from(clientLogs).orderBy(desc(clientLogs.createdAt)).limit(1))[0];

describe.each(engines)('POST /api/log on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(engine, {}, { fixtures: false });
  });
  afterAll(async () => ctx?.close());

  it('stores the error with url, user agent and address; answers 204', async () => {
    const response = await postLog(
      ctx,
      { message: 'TypeError: x is undefined', stack: 'at Page (page.tsx:1:1)' },
      { headers: { referer: 'http://localhost:3000/product/moon-lamp', 'user-agent': 'TestBrowser/1.0' }, remoteAddress: '10.0.0.1' },
    );
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(await lastLog(ctx)).toMatchObject({
      message: 'TypeError: x is undefined',
      stack: 'at Page (page.tsx:1:1)',
      url: 'http://localhost:3000/product/moon-lamp',
      userAgent: 'TestBrowser/1.0',
      ip: '10.0.0.1',
    });
  });

  it('accepts a missing stack and a JSON body sent as text/plain (sendBeacon)', async () => {
    const response = await postLog(ctx, { message: 'beacon' }, { headers: { 'content-type': 'text/plain;charset=UTF-8' }, remoteAddress: '10.0.0.2' });
    expect(response.statusCode).toBe(204);
    expect(await lastLog(ctx)).toMatchObject({ message: 'beacon', stack: '' });
  });

  it.each([
    ['missing', { stack: 'x' }, 'log_message_required'],
    ['empty', { message: '' }, 'log_message_required'],
    ['not a string', { message: ['a'] }, 'log_message_required'],
    ['too long', { message: 'm'.repeat(2_001) }, 'log_message_too_long'],
  ])('refuses a %s message with 400 naming message', async (_label, payload, code) => {
    const response = await postLog(ctx, payload, { remoteAddress: '10.0.1.1' });
    expectRefusal(response, 400, 'validation_failed', { message: code });
  });

  it('refuses a stack or url that is too long or not a string, with its limit', async () => {
    const long = await postLog(ctx, { message: 'x', stack: 's'.repeat(20_001) }, { remoteAddress: '10.0.1.2' });
    expect(expectRefusal(long, 400, 'validation_failed', { stack: 'log_stack_too_long' }).errors?.stack).toEqual({
      code: 'log_stack_too_long',
      message: 'must be at most 20000 characters',
      params: { max: 20_000 },
    });
    expectRefusal(await postLog(ctx, { message: 'x', stack: 42 }, { remoteAddress: '10.0.1.2' }), 400, 'validation_failed', { stack: 'invalid_value' });
    expectRefusal(await postLog(ctx, { message: 'x', url: 'u'.repeat(2_001) }, { remoteAddress: '10.0.1.2' }), 400, 'validation_failed', {
      url: 'log_url_too_long',
    });
  });

  it('refuses a NUL-carrying message before the route: 400 invalid_characters naming message (decision 046)', async () => {
    const response = await postLog(ctx, { message: 'a\u0000b' }, { remoteAddress: '10.0.1.1' });
    expectRefusal(response, 400, 'invalid_characters', { message: 'invalid_characters' });
  });

  it('refuses malformed JSON (also as text/plain) and oversized bodies', async () => {
    expectRefusal(await postLog(ctx, '{"message":', { remoteAddress: '10.0.1.3' }), 400, 'invalid_json');
    const plain = await postLog(ctx, 'not json', { headers: { 'content-type': 'text/plain' }, remoteAddress: '10.0.1.3' });
    expect(expectRefusal(plain, 400, 'invalid_json')).toEqual({ message: 'The request body is not valid JSON', code: 'invalid_json' });
    const big = await postLog(ctx, { message: 'x', stack: 's'.repeat(40_000) }, { remoteAddress: '10.0.1.4' });
    expectRefusal(big, 413, 'payload_too_large');
  });

  it(`rate-limits each address to ${LOG_RATE_LIMIT.max} a minute (429), ignoring X-Forwarded-For`, async () => {
    const send = (i: number) => postLog(ctx, { message: `error ${i}` }, { remoteAddress: '10.9.9.9', headers: { 'x-forwarded-for': `203.0.113.${i}` } });
    for (let i = 0; i < LOG_RATE_LIMIT.max; i++) expect((await send(i)).statusCode).toBe(204);
    const limited = await send(99);
    expect(expectRefusal(limited, 429, 'rate_limited')).toEqual({
      message: 'Too many attempts. Try again in 1 minute.',
      code: 'rate_limited',
      params: { minutes: 1 },
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // The forwarded address was not believed: the stored address is the peer's.
    expect((await lastLog(ctx))?.ip).toBe('10.9.9.9');
    // Another address still gets through.
    expect((await postLog(ctx, { message: 'other' }, { remoteAddress: '10.9.9.8' })).statusCode).toBe(204);
  });

  it('the database store starts a new window once the old one has ended', async () => {
    const Store = createDbRateLimitStore(ctx.handle.db);
    const store = new Store().child({ routeInfo: { method: 'POST', url: '/window-test' } });
    const incr = (key: string, window: number) =>
      new Promise<{ current: number; ttl: number }>((resolve, reject) =>
        store.incr(key, (error, result) => (error ? reject(error) : resolve(result!)), window),
      );
    expect((await incr('k', 300)).current).toBe(1);
    const second = await incr('k', 300);
    expect(second.current).toBe(2);
    expect(second.ttl).toBeGreaterThan(0);
    expect(second.ttl).toBeLessThanOrEqual(300);
    expect((await incr('other', 300)).current).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 350));
    expect((await incr('k', 300)).current).toBe(1);
    // Concurrent increments are atomic: none is lost.
    const results = await Promise.all(Array.from({ length: 10 }, () => incr('burst', 60_000)));
    expect(results.map((r) => r.current).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('POST /api/log behind a trusted proxy (TRUST_PROXY=true)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', { trustProxy: true }, { fixtures: false });
  });
  afterAll(async () => ctx?.close());

  it('takes the client address from X-Forwarded-For and limits per client', async () => {
    const send = (ip: string) => postLog(ctx, { message: 'x' }, { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': ip } });
    expect((await send('198.51.100.7')).statusCode).toBe(204);
    expect((await lastLog(ctx))?.ip).toBe('198.51.100.7');
    for (let i = 1; i < LOG_RATE_LIMIT.max; i++) await send('198.51.100.7');
    expectRefusal(await send('198.51.100.7'), 429, 'rate_limited');
    expect((await send('198.51.100.8')).statusCode).toBe(204);
  });
});

describe('POST /api/log with Redis rate limits (REDIS_URL)', () => {
  let ctx: TestContext;
  let redis: Redis;
  // A fresh address per run, so counters left by an earlier run in the same minute cannot interfere.
  const ip = `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
  beforeAll(async () => {
    redis = new Redis(REDIS_URL);
    ctx = await createTestContext('pglite', { redisUrl: REDIS_URL }, { fixtures: false });
  });
  afterAll(async () => {
    await ctx?.close();
    const keys = await redis.keys(`shop-rate-limit:*${ip}`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  it('counts in Redis and answers 429 past the limit', async () => {
    for (let i = 0; i < LOG_RATE_LIMIT.max; i++) {
      expect((await postLog(ctx, { message: `r${i}` }, { remoteAddress: ip })).statusCode).toBe(204);
    }
    const keys = await redis.keys(`shop-rate-limit:*${ip}`);
    expect(keys).toHaveLength(1);
    expect(Number(await redis.get(keys[0]!))).toBe(LOG_RATE_LIMIT.max);
    const limited = await postLog(ctx, { message: 'over' }, { remoteAddress: ip });
    expect(expectRefusal(limited, 429, 'rate_limited').message).toMatch(/^Too many attempts\. Try again in 1 minute\.$/);
  });
});
