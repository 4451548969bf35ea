import { outbox, paymentEvents } from '@shop/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentsReconciled, RECONCILE_LOCK, reportOf } from '../../src/payments/reconcile.ts';
import { PaymentProviderError } from '../../src/payments/provider.ts';
import { LoopbackGateway } from '../../src/payments/razorpay/loopback-gateway.ts';
import { createRazorpayProvider } from '../../src/payments/razorpay/razorpay-provider.ts';
import { engines, type TestContext } from '../helpers.ts';
import { product, roomyLimits, stockOf } from '../orders/order-helpers.ts';
import { openPaymentShop, orderRow, placedOrder, type Shopper } from './payment-fixture.ts';

/**
 * The reconciliation with Razorpay (issue 20, decision 067), on PGlite and PostgreSQL: orders whose webhooks never
 * came are asked about through the real SDK (`GET /v1/orders/:id/payments` on the loopback gateway) and settled by
 * the webhook's own path, exactly once, whatever arrives after; one runner at a time.
 */

/** Later than the reconciliation's threshold (5 minutes), earlier than the reservation's end (15). */
const inSixMinutes = () => new Date(Date.now() + 6 * 60_000);

describe.each(engines)('payment reconciliation (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let gateway: LoopbackGateway;
  let asha: Shopper;

  const prepaid = (productId: string) => placedOrder(ctx, asha, productId, 'prepaid');
  const eventsOf = async (orderId: string) =>
    (await ctx.handle.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, orderId))).map((row) => [row.eventType, row.outcome]).sort();
  const paidMessages = async (number: string) =>
    (await ctx.handle.db.select().from(outbox)).filter((message) => message.bodyText.includes(`for order ${number}`)).length;

  beforeAll(async () => {
    // No timer pass of its own during the tests: they call the pass themselves.
    ({ ctx, app, gateway, asha } = await openPaymentShop(engine, { ...roomyLimits, paymentReconcileEverySeconds: 86_400 }));
  });
  afterAll(async () => {
    gateway.holdWebhooks = false;
    await ctx?.close();
  });

  it('confirms a payment whose webhooks never came, once; the webhooks arriving later change nothing', async () => {
    const lamp = await product(ctx, { stock: 3 });
    const placed = await prepaid(lamp.id);
    gateway.holdWebhooks = true;
    await gateway.pay(placed.payment.providerOrderId);
    gateway.holdWebhooks = false;
    expect(gateway.held.map((sent) => sent.event)).toEqual(['payment.authorized', 'payment.captured', 'order.paid']);
    expect((await orderRow(ctx, placed._id)).paymentStatus).toBe('pending');

    // Too young: the threshold leaves a shopper's own checkout and Razorpay's webhooks their time.
    expect((await app.payments.reconcile()).settled.map((settled) => settled.orderId)).not.toContain(placed._id);
    expect((await orderRow(ctx, placed._id)).paymentStatus).toBe('pending');

    const counted = (await paymentsReconciled.get()).values.find((value) => value.labels.status === 'captured')?.value ?? 0;
    const report = await app.payments.reconcile(inSixMinutes());
    expect(report.ran).toBe(true);
    expect(report.settled).toContainEqual({
      orderId: placed._id,
      providerOrderId: placed.payment.providerOrderId,
      paymentId: expect.stringMatching(/^pay_/),
      status: 'captured',
      outcome: 'applied',
    });
    expect((await paymentsReconciled.get()).values.find((value) => value.labels.status === 'captured')?.value).toBe(counted + 1);
    const paid = await orderRow(ctx, placed._id);
    expect(paid).toMatchObject({ paymentStatus: 'captured', amountPaid: placed.grandTotal, reservationExpiresAt: null, status: 'placed' });
    expect(await stockOf(ctx, lamp.id)).toBe(2);

    // A second pass finds nothing open; the held webhooks, delivered now, are recorded and change nothing.
    expect((await app.payments.reconcile(inSixMinutes())).settled.map((settled) => settled.orderId)).not.toContain(placed._id);
    const released = await gateway.releaseHeld();
    expect(released.map((sent) => sent.status)).toEqual([200, 200, 200]);
    expect((await orderRow(ctx, placed._id)).updatedAt).toEqual(paid.updatedAt);
    expect(await eventsOf(placed._id)).toEqual([
      ['order.paid', 'ignored'],
      ['payment.authorized', 'ignored'],
      ['payment.captured', 'ignored'],
      ['reconcile.payment.captured', 'applied'],
    ]);
    expect(await stockOf(ctx, lamp.id)).toBe(2);
    expect(await paidMessages(placed.number)).toBe(1);
  });

  it('marks an order whose every attempt failed as failed, and leaves one never attempted alone', async () => {
    const lamp = await product(ctx, { stock: 3 });
    const failed = await prepaid(lamp.id);
    const untouched = await prepaid(lamp.id);
    await gateway.fail(failed.payment.providerOrderId, { webhooks: false });
    const report = await app.payments.reconcile(inSixMinutes());
    expect(report.settled.find((settled) => settled.orderId === failed._id)).toMatchObject({ status: 'failed', outcome: 'applied' });
    expect(report.settled.find((settled) => settled.orderId === untouched._id)).toBeUndefined();
    expect((await orderRow(ctx, failed._id)).paymentStatus).toBe('failed');
    expect((await orderRow(ctx, untouched._id)).paymentStatus).toBe('pending');
    // The shopper retries and pays; its webhooks are lost too: the next pass confirms it.
    await gateway.pay(failed.payment.providerOrderId, { webhooks: false });
    await app.payments.reconcile(inSixMinutes());
    expect((await orderRow(ctx, failed._id)).paymentStatus).toBe('captured');
  });

  it('places again an order the expiry cancelled when its money turns up at the provider, or refunds it when the units are gone', async () => {
    const lamp = await product(ctx, { stock: 1 });
    const placed = await prepaid(lamp.id);
    await gateway.pay(placed.payment.providerOrderId, { webhooks: false });
    // The API was down past the reservation: the expiry ran first.
    await app.payments.expire(new Date(Date.now() + 16 * 60_000));
    expect(await orderRow(ctx, placed._id)).toMatchObject({ status: 'cancelled', paymentStatus: 'pending' });
    expect(await stockOf(ctx, lamp.id)).toBe(1);
    await app.payments.reconcile(new Date(Date.now() + 17 * 60_000));
    expect(await orderRow(ctx, placed._id)).toMatchObject({ status: 'placed', paymentStatus: 'captured', paymentFlag: null });
    expect(await stockOf(ctx, lamp.id)).toBe(0);

    const gone = await product(ctx, { stock: 1 });
    const late = await prepaid(gone.id);
    const { paymentId } = await gateway.pay(late.payment.providerOrderId, { webhooks: false });
    await app.payments.expire(new Date(Date.now() + 16 * 60_000));
    await prepaid(gone.id); // someone else takes the unit meanwhile
    await app.payments.reconcile(new Date(Date.now() + 17 * 60_000));
    await gateway.settle();
    expect(await orderRow(ctx, late._id)).toMatchObject({ status: 'cancelled', paymentStatus: 'refunded', paymentFlag: 'late_payment_refunded' });
    expect(gateway.payments.get(paymentId)?.refund_status).toBe('full');
    expect(await stockOf(ctx, gone.id)).toBe(0);
  });

  it('changes nothing while Razorpay is down, and settles the order at the next pass', async () => {
    const lamp = await product(ctx, { stock: 2 });
    const placed = await prepaid(lamp.id);
    await gateway.pay(placed.payment.providerOrderId, { webhooks: false });
    gateway.down = true;
    try {
      const report = await app.payments.reconcile(inSixMinutes());
      expect(report.failed).toBeGreaterThan(0);
      expect(report.settled).toEqual([]);
    } finally {
      gateway.down = false;
    }
    expect((await orderRow(ctx, placed._id)).paymentStatus).toBe('pending');
    await app.payments.reconcile(inSixMinutes());
    expect((await orderRow(ctx, placed._id)).paymentStatus).toBe('captured');
  });

  it('runs one pass at a time: a second one at the same moment does nothing', async () => {
    const lamp = await product(ctx, { stock: 2 });
    const placed = await prepaid(lamp.id);
    await gateway.pay(placed.payment.providerOrderId, { webhooks: false });
    const [first, second] = await Promise.all([app.payments.reconcile(inSixMinutes()), app.payments.reconcile(inSixMinutes())]);
    expect([first.ran, second.ran].sort()).toEqual([false, true]);
    expect([...first.settled, ...second.settled].filter((settled) => settled.orderId === placed._id)).toHaveLength(1);
    expect(await eventsOf(placed._id)).toEqual([['reconcile.payment.captured', 'applied']]);
  });

  it.runIf(engine === 'postgres')('skips its pass while another API instance holds the advisory lock (PostgreSQL)', async () => {
    const lamp = await product(ctx, { stock: 2 });
    const placed = await prepaid(lamp.id);
    await gateway.pay(placed.payment.providerOrderId, { webhooks: false });
    // Another instance: its own connection to the same database, holding the reconciliation's lock.
    const other = new pg.Client({
      connectionString: (ctx.handle.db as unknown as { $client: { options: { connectionString: string } } }).$client.options.connectionString,
    });
    await other.connect();
    try {
      expect((await other.query('select pg_try_advisory_lock(hashtext($1)) as got', [RECONCILE_LOCK])).rows[0].got).toBe(true);
      expect(await app.payments.reconcile(inSixMinutes())).toEqual({ ran: false, checked: 0, settled: [], failed: 0 });
      expect((await orderRow(ctx, placed._id)).paymentStatus).toBe('pending');
    } finally {
      // The other instance dies: its connection ends, and PostgreSQL releases the lock with it.
      await other.end();
    }
    expect((await app.payments.reconcile(inSixMinutes())).ran).toBe(true);
    expect((await orderRow(ctx, placed._id)).paymentStatus).toBe('captured');
  });
});

describe("an order's payments through the SDK (GET /v1/orders/:id/payments)", () => {
  const gateway = new LoopbackGateway();
  let provider: ReturnType<typeof createRazorpayProvider>;
  beforeAll(async () => {
    provider = createRazorpayProvider(gateway.keys, { baseUrl: await gateway.start() });
  });
  afterAll(async () => {
    await gateway.close();
  });

  it('lists every attempt in its state, none for an order not yet paid, and refuses an unknown order', async () => {
    const order = await provider.createOrder({ amount: 44_900, currency: 'INR', receipt: 'KG-261126-RECON1' });
    expect(await provider.fetchOrderPayments(order.id)).toEqual([]);
    const failed = await gateway.fail(order.id, { webhooks: false });
    const paid = await gateway.pay(order.id, { webhooks: false });
    const payments = await provider.fetchOrderPayments(order.id);
    expect(payments.map((payment) => [payment.id, payment.status, payment.orderId, payment.amount, payment.currency])).toEqual([
      [failed.paymentId, 'failed', order.id, 44_900, 'INR'],
      [paid.paymentId, 'captured', order.id, 44_900, 'INR'],
    ]);
    const unknown = await provider.fetchOrderPayments('order_NoSuchOrder000').catch((error: unknown) => error);
    expect(unknown).toBeInstanceOf(PaymentProviderError);
    expect(unknown).toMatchObject({ status: 400, providerCode: 'BAD_REQUEST_ERROR' });
  });
});

describe('what the provider says, as one report', () => {
  const payment = (status: 'created' | 'authorized' | 'captured' | 'refunded' | 'failed', id = `pay_${status}`) => ({
    id,
    orderId: 'order_A',
    amount: 100,
    currency: 'INR',
    status,
    amountRefunded: 0,
  });

  it('prefers a captured payment, then an authorised one, and reports a failure only when every attempt failed', () => {
    expect(reportOf([payment('failed'), payment('captured')])).toEqual({ type: 'payment.captured', payment: payment('captured') });
    expect(reportOf([payment('failed'), payment('authorized')])).toEqual({ type: 'payment.authorized', payment: payment('authorized') });
    expect(reportOf([payment('failed', 'pay_1'), payment('failed', 'pay_2')])).toEqual({ type: 'payment.failed', payment: payment('failed', 'pay_2') });
    expect(reportOf([payment('failed'), payment('created')])).toBeNull();
    expect(reportOf([])).toBeNull();
  });
});
