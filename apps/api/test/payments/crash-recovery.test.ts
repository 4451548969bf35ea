import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { connect, type DatabaseHandle, migrate } from '@shop/db';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LoopbackGateway } from '../../src/payments/razorpay/loopback-gateway.ts';
import { insertFixtures } from '../fixtures.ts';
import { scratchPostgres, type TestContext } from '../helpers.ts';
import { product } from '../orders/order-helpers.ts';

/**
 * The API killed (SIGKILL) between a payment's capture and its webhook (issue 20, decision 068), on PostgreSQL: the
 * API runs as a real child process (`src/server.ts`) with the real Razorpay provider and explicit keys, pointed by
 * RAZORPAY_API_URL at a loopback gateway that lives here, in the test's process, so it outlives the API. The shopper
 * pays, the gateway captures and holds its webhooks back, the API dies; after a restart the webhooks' redelivery, or
 * else the reconciliation, confirms the order exactly once: one payment applied, the stock taken once, one message.
 */

const databaseUrl = process.env.TEST_DATABASE_URL;
const server = fileURLToPath(new URL('../../src/server.ts', import.meta.url));
const SITE = 'http://localhost:3000';

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', () => resolve()));
  const { port } = probe.address() as { port: number };
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe.skipIf(!databaseUrl)('the API killed between capture and webhook (PostgreSQL)', () => {
  const gateway = new LoopbackGateway();
  let handle: DatabaseHandle;
  let scratchUrl: string;
  let dropScratch: () => Promise<void>;
  let dataDir: string;
  let port: number;
  let api: ChildProcess | undefined;
  let logs: string[] = [];
  let customer: { token: string; addressId: string };

  const base = () => `http://127.0.0.1:${port}`;
  const query = async <T extends Record<string, unknown>>(text: string, values: unknown[] = []) =>
    (await (handle.db as unknown as { $client: pg.Pool }).$client.query<T>(text, values)).rows;

  /** Starts src/server.ts as the shop runs it, with the gateway's keys; resolves once it answers /api/health. */
  async function startApi(env: Record<string, string> = {}): Promise<void> {
    logs = [];
    const child = spawn(process.execPath, ['--import', 'tsx', server], {
      env: {
        ...process.env,
        NODE_ENV: 'test',
        API_PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: scratchUrl,
        DATA_DIR: dataDir,
        AUTH_SECRET: 'crash-test-secret-'.padEnd(48, 'x'),
        SITE_URL: SITE,
        LOG_LEVEL: 'info',
        LOG_FORMAT: 'json',
        RAZORPAY_KEY_ID: gateway.keys.keyId,
        RAZORPAY_KEY_SECRET: gateway.keys.keySecret,
        RAZORPAY_WEBHOOK_SECRET: gateway.keys.webhookSecret,
        RAZORPAY_API_URL: gateway.url,
        // No reconciliation unless a step asks for it: the webhooks' own recovery is tested on its own.
        PAYMENT_RECONCILE_EVERY_SECONDS: '86400',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    api = child;
    // Whole lines: a chunk of the pipe can end mid-line, and half a JSON log line does not parse.
    for (const stream of [child.stdout, child.stderr]) if (stream) createInterface({ input: stream }).on('line', (text) => text && logs.push(text));
    const started = Date.now();
    while (Date.now() - started < 60_000) {
      if (child.exitCode !== null) throw new Error(`the API exited with ${child.exitCode}:\n${logs.join('\n')}`);
      try {
        if ((await fetch(`${base()}/api/health`)).ok) return;
      } catch {
        // not listening yet
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    throw new Error(`the API did not start:\n${logs.join('\n')}`);
  }

  async function kill(signal: NodeJS.Signals): Promise<void> {
    const child = api;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill(signal);
    });
    api = undefined;
  }

  async function signIn(phone: string): Promise<{ token: string; addressId: string }> {
    const headers = { 'content-type': 'application/json', origin: SITE };
    const post = (path: string, body: unknown, extra: Record<string, string> = {}) =>
      fetch(base() + path, { method: 'POST', headers: { ...headers, ...extra }, body: JSON.stringify(body) });
    expect((await post('/api/auth/phone-number/send-otp', { phoneNumber: phone })).status).toBe(200);
    const [message] = await query<{ body_text: string }>('select body_text from outbox where recipient = $1 order by created_at desc limit 1', [phone]);
    const code = /^(\d{6})/.exec(message?.body_text ?? '')?.[1] as string;
    const verified = await post('/api/auth/phone-number/verify', { phoneNumber: phone, code });
    expect(verified.status).toBe(200);
    const cookie = verified.headers
      .getSetCookie()
      .map((value) => value.split(';')[0] as string)
      .find((value) => value.startsWith('auth_token=')) as string;
    const { token } = (await (await fetch(`${base()}/api/auth/token`, { headers: { cookie, origin: SITE } })).json()) as { token: string };
    const address = await post(
      '/api/user/addresses',
      { name: 'Asha Verma', mobile: phone.slice(3), line1: '12, MG Road', city: 'Bengaluru', state: 'Karnataka', pincode: '560001' },
      { authorization: `Bearer ${token}` },
    );
    expect(address.status).toBe(201);
    return { token, addressId: ((await address.json()) as { _id: string })._id };
  }

  async function placePrepaid(productId: string) {
    const response = await fetch(`${base()}/api/user/order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${customer.token}` },
      body: JSON.stringify({ items: [{ productId, quantity: 1 }], addressId: customer.addressId, paymentMethod: 'prepaid' }),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as { _id: string; number: string; grandTotal: number; payment: { providerOrderId: string } };
  }

  /** What "exactly once" means for an order: its state, the reports applied, its product's stock, its paid messages. */
  async function ledger(orderId: string, number: string, productId: string) {
    const [order] = await query<{ payment_status: string; status: string; provider_payment_id: string | null; amount_paid: number }>(
      'select payment_status, status, provider_payment_id, amount_paid from orders where id = $1',
      [orderId],
    );
    const events = await query<{ event_type: string; outcome: string }>(
      'select event_type, outcome from payment_events where order_id = $1 order by event_type, outcome',
      [orderId],
    );
    const [stock] = await query<{ stock: number; units_sold: number }>('select stock, units_sold from products where id = $1', [productId]);
    const messages = await query<{ id: string }>('select id from outbox where body_text like $1', [`%payment of % for order ${number}%`]);
    return { order, applied: events.filter((event) => event.outcome === 'applied').map((event) => event.event_type), events, stock, messages: messages.length };
  }

  /** The shopper pays at the gateway; the capture is done there, its webhooks held back; the API is killed at once. */
  async function payThenKill(providerOrderId: string): Promise<string> {
    gateway.holdWebhooks = true;
    const { paymentId } = await gateway.pay(providerOrderId);
    gateway.holdWebhooks = false;
    await kill('SIGKILL');
    expect(gateway.payments.get(paymentId)?.status).toBe('captured');
    return paymentId;
  }

  beforeAll(async () => {
    await gateway.start();
    const scratch = await scratchPostgres();
    scratchUrl = scratch.url;
    dropScratch = () => scratch.drop();
    handle = await connect({ url: scratchUrl, poolSize: 2 });
    await migrate(handle);
    // The fixtures' shop settings mark the catalogue seeded: the API does not seed 320 products at start-up.
    await insertFixtures(handle.db);
    dataDir = mkdtempSync(join(tmpdir(), 'api-crash-'));
    port = await freePort();
    gateway.webhookUrl = `http://127.0.0.1:${port}/api/payments/razorpay/webhook`;
    await startApi();
    customer = await signIn(`+9198${String(Date.now()).slice(-8)}`);
  }, 120_000);

  afterAll(async () => {
    await kill('SIGTERM');
    await gateway.close();
    await handle?.close();
    await dropScratch?.();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('confirms the order once when Razorpay redelivers the webhooks after the restart', async () => {
    const lamp = await product({ handle } as TestContext, { stock: 5 });
    const placed = await placePrepaid(lamp.id);
    const paymentId = await payThenKill(placed.payment.providerOrderId);
    // While the API is down Razorpay's deliveries fail; nothing reached the database.
    expect((await ledger(placed._id, placed.number, lamp.id)).order?.payment_status).toBe('pending');

    await startApi();
    const first = await gateway.releaseHeld();
    expect(first.map((sent) => [sent.event, sent.status])).toEqual([
      ['payment.authorized', 200],
      ['payment.captured', 200],
      ['order.paid', 200],
    ]);
    // Razorpay retries at least once: every one of them again, twice.
    for (const sent of [...first, ...first]) expect(await gateway.redeliver(sent)).toBe(200);

    const after = await ledger(placed._id, placed.number, lamp.id);
    expect(after.order).toEqual({ payment_status: 'captured', status: 'placed', provider_payment_id: paymentId, amount_paid: placed.grandTotal });
    // authorized then captured: the order became paid once (one message), moved on to captured once.
    expect(after.applied).toEqual(['payment.authorized', 'payment.captured']);
    expect(after.events).toHaveLength(3);
    expect(after.stock).toEqual({ stock: 4, units_sold: 1 });
    expect(after.messages).toBe(1);
  }, 120_000);

  it('confirms the order once by the reconciliation after the restart, and the late webhooks change nothing', async () => {
    const lamp = await product({ handle } as TestContext, { stock: 5 });
    const placed = await placePrepaid(lamp.id);
    const paymentId = await payThenKill(placed.payment.providerOrderId);

    // Restarted with a reconciliation pass every second about orders of any age; Razorpay's retries are still to come.
    await startApi({ PAYMENT_RECONCILE_EVERY_SECONDS: '1', PAYMENT_RECONCILE_AFTER_SECONDS: '0' });
    const started = Date.now();
    while ((await ledger(placed._id, placed.number, lamp.id)).order?.payment_status !== 'captured') {
      if (Date.now() - started > 30_000) throw new Error(`not reconciled:\n${logs.join('\n')}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // The pass commits, then logs: its line comes through the child's stdout pipe a moment after the row is visible.
    const line = () =>
      logs
        .filter((text) => text.startsWith('{'))
        .map((text) => JSON.parse(text) as Record<string, unknown>)
        .find((entry) => entry.orderId === placed._id);
    await expect
      .poll(line, { timeout: 5_000 })
      .toMatchObject({ msg: 'payments: reconciled an order with the provider', paymentId, status: 'captured', outcome: 'applied' });

    for (const sent of await gateway.releaseHeld()) expect(sent.status).toBe(200);
    // Two more passes run meanwhile; then the API is killed again, mid-whatever, and started once more.
    await new Promise((resolve) => setTimeout(resolve, 2_200));
    await kill('SIGKILL');
    await startApi({ PAYMENT_RECONCILE_EVERY_SECONDS: '1', PAYMENT_RECONCILE_AFTER_SECONDS: '0' });
    await new Promise((resolve) => setTimeout(resolve, 1_500));

    const after = await ledger(placed._id, placed.number, lamp.id);
    expect(after.order).toEqual({ payment_status: 'captured', status: 'placed', provider_payment_id: paymentId, amount_paid: placed.grandTotal });
    expect(after.applied).toEqual(['reconcile.payment.captured']);
    expect(after.events.map((event) => [event.event_type, event.outcome])).toEqual([
      ['order.paid', 'ignored'],
      ['payment.authorized', 'ignored'],
      ['payment.captured', 'ignored'],
      ['reconcile.payment.captured', 'applied'],
    ]);
    expect(after.stock).toEqual({ stock: 4, units_sold: 1 });
    expect(after.messages).toBe(1);
  }, 120_000);
});
