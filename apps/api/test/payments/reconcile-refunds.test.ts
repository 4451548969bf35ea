import { orderRefunds, paymentEvents } from '@shop/db';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PaymentProviderError, type PaymentProvider } from '../../src/payments/provider.ts';
import type { LoopbackGateway } from '../../src/payments/razorpay/loopback-gateway.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { product, roomyLimits, stockOf } from '../orders/order-helpers.ts';
import { openPaymentShop, orderRow, paidOrder, refundAsStaff, type Shopper, staffMember } from './payment-fixture.ts';

/**
 * Refunds whose provider call went unanswered (payments/reconcile-refunds.ts, part of the reconciliation of decision
 * 067), on PGlite and PostgreSQL, through the real SDK (`GET /v1/payments/:id/refunds` on the loopback gateway): a row
 * left `requested` is settled from what the provider made, marked pending, or sent again with the same id when the
 * provider never had it: never a second refund, and its items back in stock once.
 */

/** Later than the reconciliation's threshold (5 minutes). */
const inSixMinutes = () => new Date(Date.now() + 6 * 60_000);

describe.each(engines)('refunds reconciled with the provider (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let gateway: LoopbackGateway;
  let asha: Shopper;
  let staff: Shopper;

  const ledger = (orderId: string) => ctx.handle.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, orderId)).orderBy(asc(orderRefunds.createdAt));
  const refundsAsked = (paymentId: string) => [...gateway.refunds.values()].filter((asked) => asked.payment_id === paymentId);

  /** Razorpay makes the refund, and its answer never reaches the shop (the connection drops), while `run` runs. */
  async function answersLost<T>(run: () => Promise<T>): Promise<T> {
    const provider = app.payments.provider;
    const real = provider.refund.bind(provider);
    (provider as { refund: PaymentProvider['refund'] }).refund = async (...args) => {
      await real(...args);
      throw new PaymentProviderError('razorpay: not reachable');
    };
    try {
      return await run();
    } finally {
      (provider as { refund: PaymentProvider['refund'] }).refund = real;
    }
  }

  beforeAll(async () => {
    // No timer pass of its own during the tests: they call the pass themselves.
    ({ ctx, app, gateway, asha } = await openPaymentShop(engine, { ...roomyLimits, paymentReconcileEverySeconds: 86_400 }));
    staff = await staffMember(ctx);
  });
  afterAll(async () => {
    gateway.holdWebhooks = false;
    gateway.down = false;
    await ctx?.close();
  });

  it('sends again, once, a refund the provider never had, after waiting out an outage', async () => {
    const lamp = await product(ctx, { stock: 5, price: 50_000 });
    const order = await paidOrder(ctx, asha, lamp.id);
    gateway.down = true;
    try {
      expectRefusal(await refundAsStaff(ctx, staff, order._id, { kind: 'full', reason: 'Damaged' }), 503, 'refund_outcome_unknown');
      // Still down at the next pass: nothing is sent, the row stays held for the pass after.
      const during = await app.payments.reconcile(inSixMinutes());
      expect(during.failed).toBeGreaterThan(0);
    } finally {
      gateway.down = false;
    }
    expect(await ledger(order._id)).toMatchObject([{ status: 'requested' }]);
    // Too young: its own call may still be under way.
    expect((await app.payments.reconcile()).refunds).toMatchObject({ checked: 0, resent: 0 });

    expect((await app.payments.reconcile(inSixMinutes())).refunds).toMatchObject({ checked: 1, resent: 1 });
    await gateway.settle();
    expect(refundsAsked(order.paymentId)).toHaveLength(1);
    expect(refundsAsked(order.paymentId)[0]!.notes).toMatchObject({ refund_id: (await ledger(order._id))[0]!.id });
    expect(await ledger(order._id)).toMatchObject([{ status: 'processed', providerRefundId: expect.stringMatching(/^rfnd_/) as string }]);
    expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'refunded', amountRefunded: order.grandTotal });
    // Nothing is left requested: the next pass asks about nothing.
    expect((await app.payments.reconcile(inSixMinutes())).refunds).toMatchObject({ checked: 0 });
    expect(refundsAsked(order.paymentId)).toHaveLength(1);
  });

  it('settles from the provider a refund it made whose answer and webhook were lost, restocking once; the webhook arriving later changes nothing', async () => {
    const lamp = await product(ctx, { stock: 5, price: 50_000 });
    const order = await paidOrder(ctx, asha, [{ productId: lamp.id, quantity: 2 }]);
    expect(await stockOf(ctx, lamp.id)).toBe(3);
    gateway.holdWebhooks = true;
    try {
      const lost = await answersLost(() =>
        refundAsStaff(ctx, staff, order._id, { kind: 'lines', lines: [{ lineId: order.items[0]!.id, quantity: 1 }], reason: 'Cracked', restock: true }),
      );
      expectRefusal(lost, 503, 'refund_outcome_unknown');
      expect((await app.payments.reconcile(inSixMinutes())).refunds).toMatchObject({ checked: 1, settled: 1, resent: 0 });
    } finally {
      gateway.holdWebhooks = false;
    }
    expect(refundsAsked(order.paymentId)).toHaveLength(1);
    expect(await ledger(order._id)).toMatchObject([{ status: 'processed', restockedAt: expect.any(Date) as Date }]);
    expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'partially_refunded', amountRefunded: 50_000 });
    expect(await stockOf(ctx, lamp.id)).toBe(4);
    const reported = await ctx.handle.db.select().from(paymentEvents).where(eq(paymentEvents.orderId, order._id));
    expect(reported.map((event) => [event.eventType, event.outcome])).toContainEqual(['reconcile.refund.processed', 'applied']);

    // Razorpay's own webhook, delivered at last.
    expect((await gateway.releaseHeld()).map((sent) => `${sent.event} ${sent.status}`)).toEqual(['refund.processed 200']);
    expect(await stockOf(ctx, lamp.id)).toBe(4);
    expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'partially_refunded', amountRefunded: 50_000 });
  });

  it('reports a sold-out item back on sale when the refund it settles restocks one, so the catalogue caches are told', async () => {
    const lamp = await product(ctx, { stock: 2, price: 50_000 });
    const order = await paidOrder(ctx, asha, [{ productId: lamp.id, quantity: 2 }]);
    expect(await stockOf(ctx, lamp.id)).toBe(0);
    gateway.holdWebhooks = true;
    try {
      const lost = await answersLost(() =>
        refundAsStaff(ctx, staff, order._id, { kind: 'lines', lines: [{ lineId: order.items[0]!.id, quantity: 1 }], reason: 'Cracked', restock: true }),
      );
      expectRefusal(lost, 503, 'refund_outcome_unknown');
      expect((await app.payments.reconcile(inSixMinutes())).refunds).toMatchObject({ settled: 1, stockCameBack: true });
    } finally {
      gateway.holdWebhooks = false;
      await gateway.releaseHeld();
    }
    expect(await stockOf(ctx, lamp.id)).toBe(1);
  });

  it('marks pending a refund the provider is still making, for its webhook to settle', async () => {
    const lamp = await product(ctx, { stock: 5, price: 50_000 });
    const order = await paidOrder(ctx, asha, lamp.id);
    // Accepted (pending) by Razorpay, which later reports it failed at the bank.
    gateway.pendingRefunds = 1;
    expectRefusal(await answersLost(() => refundAsStaff(ctx, staff, order._id, { kind: 'full', reason: 'Damaged' })), 503, 'refund_outcome_unknown');
    expect((await app.payments.reconcile(inSixMinutes())).refunds).toMatchObject({ checked: 1, pending: 1 });
    const [asked] = refundsAsked(order.paymentId);
    expect(await ledger(order._id)).toMatchObject([{ status: 'pending', providerRefundId: asked!.id }]);
    await gateway.finishRefund(asked!.id, 'failed');
    expect(await ledger(order._id)).toMatchObject([{ status: 'failed' }]);
    expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'captured', amountRefunded: 0 });
  });
});
