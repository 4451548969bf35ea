import { invoices, orderRefunds, outbox, paymentEvents } from '@shop/db';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackGateway } from '../../src/payments/razorpay/loopback-gateway.ts';
import { setTaxIdentity } from '../invoices/invoice-helpers.ts';
import { engines, type TestContext } from '../helpers.ts';
import { product, roomyLimits, stockOf } from '../orders/order-helpers.ts';
import { openPaymentShop, orderRow, paidOrder, refundAsStaff, type Shopper, staffMember } from './payment-fixture.ts';

/**
 * Refunds Razorpay accepted and reports `pending` (the bank has not made them yet) whose refund.processed or
 * refund.failed webhook never arrives (payments/reconcile-refunds.ts, decision 146), on PGlite and PostgreSQL, through
 * the real SDK (`GET /v1/payments/:id/refunds/:refund_id` on the loopback gateway): past an hour the reconciliation
 * fetches each and settles it as the webhook would have, with the same once-only effects (the order's refunded total,
 * the credit note, the message, the items back in stock), asks again with a back-off while the bank is still at it,
 * and a webhook arriving after, or at the same moment, changes nothing more.
 */

const HOUR = 3_600_000;
/** A clock `ms` from now (the reconciliation is given its `now`). */
const after = (ms: number) => new Date(Date.now() + ms);

describe.each(engines)('refunds left pending (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let gateway: LoopbackGateway;
  let asha: Shopper;
  let staff: Shopper;

  const ledger = (orderId: string) => ctx.handle.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.createdAt));
  const refundsAsked = (paymentId: string) => [...gateway.refunds.values()].filter((refund) => refund.payment_id === paymentId);
  const refundMessages = async (orderId: string) =>
    (
      await ctx.handle.db
        .select({ key: outbox.dedupeKey })
        .from(outbox)
        .where(and(eq(outbox.orderId, orderId), eq(outbox.kind, 'order-refunded')))
    ).map((row) => row.key);
  const credited = async (orderId: string) =>
    (await ctx.handle.db.select().from(invoices).where(eq(invoices.orderId, orderId)))
      .filter((document) => document.kind === 'credit_note')
      .map((note) => note.amount);
  /** A refund the provider accepted and keeps pending, asked by staff: the provider's refund id. */
  const pendingRefund = async (orderId: string, paymentId: string, body: Record<string, unknown>) => {
    gateway.pendingRefunds = 1;
    const asked = await refundAsStaff(ctx, staff, orderId, body);
    expect(asked.statusCode, asked.body).toBe(202);
    expect(await ledger(orderId)).toMatchObject([{ status: 'pending' }]);
    const refunds = refundsAsked(paymentId);
    expect(refunds.map((refund) => refund.status)).toEqual(['pending']);
    return refunds[0]!.id;
  };
  /** The bank ends the refund, and Razorpay's webhook saying so is lost: made and never delivered. */
  const finishedWebhookLost = async (refundId: string, outcome: 'processed' | 'failed') => {
    gateway.holdWebhooks = true;
    try {
      await gateway.finishRefund(refundId, outcome);
    } finally {
      gateway.holdWebhooks = false;
    }
    const held = gateway.held.splice(0);
    expect(held.map((sent) => sent.event)).toEqual([`refund.${outcome}`]);
    return held[0]!;
  };

  beforeAll(async () => {
    // No timer pass of its own during the tests: they call the reconciliation themselves, with their own clock.
    ({ ctx, app, gateway, asha } = await openPaymentShop(engine, { ...roomyLimits, paymentReconcileEverySeconds: 86_400 }));
    staff = await staffMember(ctx);
    await setTaxIdentity(ctx);
  });
  afterAll(async () => {
    gateway.holdWebhooks = false;
    gateway.pendingRefunds = 0;
    await ctx?.close();
  });

  it('settles from the provider a pending refund whose processed webhook was lost: credit note, stock and message once', async () => {
    const lamp = await product(ctx, { stock: 4, price: 50_000 });
    const order = await paidOrder(ctx, asha, [{ productId: lamp.id, quantity: 2 }]);
    await app.invoices.issuer.drain();
    expect(await stockOf(ctx, lamp.id)).toBe(2);
    const refundId = await pendingRefund(order._id, order.paymentId, {
      kind: 'lines',
      lines: [{ lineId: order.items[0]!.id, quantity: 1 }],
      reason: 'Cracked',
      restock: true,
    });
    const lost = await finishedWebhookLost(refundId, 'processed');

    // Too young to be stuck: its webhook may still come.
    expect((await app.payments.reconcile(after(30 * 60_000))).refunds).toMatchObject({ checked: 0 });
    expect(await ledger(order._id)).toMatchObject([{ status: 'pending' }]);

    expect((await app.payments.reconcile(after(2 * HOUR))).refunds).toMatchObject({ checked: 1, settled: 1, stillPending: 0, resent: 0 });
    expect(await ledger(order._id)).toMatchObject([{ status: 'processed', providerRefundId: refundId, restockedAt: expect.any(Date) as Date }]);
    expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'partially_refunded', amountRefunded: 50_000 });
    expect(await stockOf(ctx, lamp.id)).toBe(3);
    expect(await credited(order._id)).toEqual([50_000]);
    const told = await refundMessages(order._id);
    expect(told.length).toBeGreaterThan(0);
    const events = await ctx.handle.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, order._id));
    expect(events.map((event) => [event.eventType, event.outcome])).toContainEqual(['reconcile.refund.processed', 'applied']);
    // Never sent again: the provider had it.
    expect(refundsAsked(order.paymentId)).toHaveLength(1);

    // Nothing left to ask about; and Razorpay's webhook, delivered at last, changes nothing.
    expect((await app.payments.reconcile(after(5 * HOUR))).refunds).toMatchObject({ checked: 0 });
    expect(await gateway.redeliver(lost)).toBe(200);
    expect(await stockOf(ctx, lamp.id)).toBe(3);
    expect(await credited(order._id)).toEqual([50_000]);
    expect(await refundMessages(order._id)).toEqual(told);
    expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'partially_refunded', amountRefunded: 50_000 });
  });

  it('asks again with a back-off while the bank is still making it, then settles its failure and frees its money', async () => {
    const lamp = await product(ctx, { stock: 4, price: 40_000 });
    const order = await paidOrder(ctx, asha, lamp.id);
    const refundId = await pendingRefund(order._id, order.paymentId, { kind: 'full', reason: 'Damaged' });

    expect((await app.payments.reconcile(after(2 * HOUR))).refunds).toMatchObject({ checked: 1, stillPending: 1, settled: 0 });
    const [asked] = await ledger(order._id);
    expect(asked).toMatchObject({ status: 'pending', checkedAt: expect.any(Date) as Date });
    // It had waited two hours when asked: the next question waits as long.
    expect((await app.payments.reconcile(after(3 * HOUR))).refunds).toMatchObject({ checked: 0 });
    expect((await app.payments.reconcile(after(4 * HOUR + 60_000))).refunds).toMatchObject({ checked: 1, stillPending: 1 });

    await finishedWebhookLost(refundId, 'failed');
    // The back-off never grows past twelve hours.
    expect((await app.payments.reconcile(after(4 * HOUR + 60_000 + 12 * HOUR + 60_000))).refunds).toMatchObject({ checked: 1, settled: 1 });
    expect(await ledger(order._id)).toMatchObject([{ status: 'failed', settledAt: expect.any(Date) as Date }]);
    expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'captured', amountRefunded: 0 });
    expect(await refundMessages(order._id)).toEqual([]);
    // Its money is no longer held: staff can refund it again.
    const again = await refundAsStaff(ctx, staff, order._id, { kind: 'full', reason: 'Damaged, again' });
    expect(again.statusCode, again.body).toBe(202);
    await gateway.settle();
    expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'refunded', amountRefunded: order.grandTotal });
  });

  it('settles two pending refunds of one order once each when the reconciliation and one’s late webhook, three times, come together', async () => {
    const lamp = await product(ctx, { stock: 4, price: 30_000 });
    const order = await paidOrder(ctx, asha, [{ productId: lamp.id, quantity: 2 }]);
    await app.invoices.issuer.drain();
    expect(await stockOf(ctx, lamp.id)).toBe(2);
    const oneLamp = { kind: 'lines', lines: [{ lineId: order.items[0]!.id, quantity: 1 }], reason: 'Never arrived', restock: true };
    gateway.pendingRefunds = 2;
    for (let asked = 0; asked < 2; asked += 1) expect((await refundAsStaff(ctx, staff, order._id, oneLamp)).statusCode).toBe(202);
    const [first, second] = refundsAsked(order.paymentId);
    expect([first?.status, second?.status]).toEqual(['pending', 'pending']);
    // The first's webhook is lost for good; the second's comes late, while the reconciliation runs, three times.
    await finishedWebhookLost(first!.id, 'processed');
    const late = await finishedWebhookLost(second!.id, 'processed');

    const [pass, , , other] = await Promise.all([
      app.payments.reconcile(after(2 * HOUR)),
      gateway.redeliver(late),
      gateway.redeliver(late),
      app.payments.reconcile(after(2 * HOUR)),
      gateway.redeliver(late),
    ]);
    expect(pass.ran || other.ran).toBe(true);
    const rows = await ledger(order._id);
    expect(rows).toMatchObject([
      { status: 'processed', restockedAt: expect.any(Date) as Date },
      { status: 'processed', restockedAt: expect.any(Date) as Date },
    ]);
    const refunded = rows.reduce((sum, row) => sum + row.amount, 0);
    expect(await orderRow(ctx, order._id)).toMatchObject({ amountRefunded: refunded });
    // Each lamp back once, the credit notes adding up to what was refunded, and one message per refunded total.
    expect(await stockOf(ctx, lamp.id)).toBe(4);
    expect((await credited(order._id)).reduce((sum, amount) => sum + amount, 0)).toBe(refunded);
    const told = await refundMessages(order._id);
    expect(new Set(told).size).toBe(told.length);
    expect(told.some((key) => key?.includes(`:${refunded}:`))).toBe(true);
  });

  it('settles a second payment’s refund left pending without touching the order’s own money', async () => {
    const lamp = await product(ctx, { stock: 4, price: 20_000 });
    const order = await paidOrder(ctx, asha, lamp.id);
    gateway.pendingRefunds = 1;
    const second = await gateway.pay(order.payment.providerOrderId);
    expect(await ledger(order._id)).toMatchObject([{ kind: 'duplicate_payment', providerPaymentId: second.paymentId, status: 'pending' }]);
    const [refund] = refundsAsked(second.paymentId);
    await finishedWebhookLost(refund!.id, 'processed');

    expect((await app.payments.reconcile(after(2 * HOUR))).refunds).toMatchObject({ checked: 1, settled: 1 });
    expect(await ledger(order._id)).toMatchObject([{ kind: 'duplicate_payment', status: 'processed' }]);
    expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'captured', amountRefunded: 0, paymentFlag: 'paid_twice' });
    expect(await credited(order._id)).toEqual([]);
    const told = await refundMessages(order._id);
    expect(told.length).toBeGreaterThan(0);
    expect(told.every((key) => key?.includes(`:payment_${second.paymentId}:`))).toBe(true);
  });
});
