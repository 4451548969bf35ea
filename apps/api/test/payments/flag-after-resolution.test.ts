import { auditLog, orderRefunds, paymentEvents, paymentFlagResolutions } from '@shop/db';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { moveFlag } from '../../src/payments/payment-flag.ts';
import type { LoopbackGateway } from '../../src/payments/razorpay/loopback-gateway.ts';
import { engines, type TestContext } from '../helpers.ts';
import { call, product } from '../orders/order-helpers.ts';
import { openPaymentShop, orderRow, paidOrder, placedOrder, type Shopper, staffMember } from './payment-fixture.ts';

/**
 * Decision 150, on PGlite and PostgreSQL: staff's resolution of a payment flag stands only until the flag changes. A
 * flag raised after it (a webhook's, the reconciliation's) or the flag moving on (`paid_twice` →
 * `paid_twice_refund_failed`) lists the order among the flagged payments again, unresolved, and the resolution is kept
 * as the order's history (and in the audit log). The same payment reported again is not news: it does not undo the
 * resolution.
 */

const later = (minutes: number) => new Date(Date.now() + minutes * 60_000);

describe.each(engines)('a payment flag changed after staff resolved it (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let gateway: LoopbackGateway;
  let asha: Shopper;
  let staff: Shopper;

  beforeAll(async () => {
    ({ ctx, app, gateway, asha } = await openPaymentShop(engine));
    staff = await staffMember(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** The order numbers staff see under "flagged" (unresolved flags only). */
  const flaggedNumbers = async () => {
    const answer = await call(app, 'GET', '/api/admin/payments?flagged=1&limit=100', staff);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ data: Array<{ number: string }> }>().data.map((row) => row.number);
  };
  const flagOf = async (orderId: string) => {
    const answer = await call(app, 'GET', `/api/admin/payments/${orderId}`, staff);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ payment: { flag: { code: string; resolvedAt: string | null; note: string | null } | null } }>().payment.flag;
  };
  const resolve = async (orderId: string, note: string) => {
    const answer = await call(app, 'POST', `/api/admin/payments/${orderId}/flag/resolve`, staff, { note });
    expect(answer.statusCode, answer.body).toBe(200);
  };
  const resolutions = (orderId: string) =>
    ctx.handle.db.select().from(paymentFlagResolutions).where(eq(paymentFlagResolutions.orderId, orderId)).orderBy(asc(paymentFlagResolutions.resolvedAt));
  /** The shopper pays the order again (a second tab), its webhooks delivered. */
  const payAgain = async (order: { payment: { providerOrderId: string } }) => (await gateway.pay(order.payment.providerOrderId)).paymentId;

  it('lists the order again when a resolved paid_twice moves on to paid_twice_refund_failed, keeping the resolution as history', async () => {
    const lamp = await product(ctx, { stock: 5, price: 41_000 });
    const order = await paidOrder(ctx, asha, lamp.id);
    // The second payment's refund is accepted and left with the bank.
    gateway.pendingRefunds = 1;
    const second = await payAgain(order);
    expect(await orderRow(ctx, order._id)).toMatchObject({ paymentFlag: 'paid_twice' });
    expect(await flaggedNumbers()).toContain(order.number);
    await resolve(order._id, 'Second payment being refunded automatically');
    expect(await flaggedNumbers()).not.toContain(order.number);

    // The bank fails the refund: staff must give the money back by hand, so they see the order again.
    const refund = [...gateway.refunds.values()].find((row) => row.payment_id === second);
    await gateway.finishRefund(refund!.id, 'failed');
    await gateway.settle();
    expect(await orderRow(ctx, order._id)).toMatchObject({ paymentFlag: 'paid_twice_refund_failed' });
    expect(await flaggedNumbers()).toContain(order.number);
    expect(await flagOf(order._id)).toEqual({ code: 'paid_twice_refund_failed', resolvedAt: null, resolvedBy: null, note: null });
    expect(await resolutions(order._id)).toMatchObject([{ flag: 'paid_twice', supersededAt: expect.any(Date) as Date }]);

    // Resolved again: two resolutions, the latest standing; both in the audit log.
    await resolve(order._id, 'Refunded by hand on Razorpay');
    expect(await flaggedNumbers()).not.toContain(order.number);
    expect(await flagOf(order._id)).toMatchObject({ code: 'paid_twice_refund_failed', resolvedAt: expect.any(String), note: 'Refunded by hand on Razorpay' });
    expect(await resolutions(order._id)).toMatchObject([
      { flag: 'paid_twice', supersededAt: expect.any(Date) as Date },
      { flag: 'paid_twice_refund_failed', supersededAt: null },
    ]);
    const audited = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.flag_resolve'), eq(auditLog.entityId, order._id)));
    expect(audited.map((row) => (row.after as { paymentFlag: string }).paymentFlag).sort()).toEqual(['paid_twice', 'paid_twice_refund_failed']);
  });

  it('lists the order again when a new flag of the same kind is raised: a third payment after the second was resolved', async () => {
    const lamp = await product(ctx, { stock: 5, price: 42_000 });
    const order = await paidOrder(ctx, asha, lamp.id);
    await payAgain(order);
    await gateway.settle();
    await resolve(order._id, 'Second payment refunded automatically');
    expect(await flaggedNumbers()).not.toContain(order.number);

    const third = await payAgain(order);
    await gateway.settle();
    // Given back like the second, and staff are told of it: the order is flagged again, unresolved.
    const ledger = await ctx.handle.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order._id));
    expect(ledger.filter((row) => row.providerPaymentId === third)).toMatchObject([{ kind: 'duplicate_payment', status: 'processed' }]);
    expect(await flaggedNumbers()).toContain(order.number);
    expect(await flagOf(order._id)).toMatchObject({ code: 'paid_twice', resolvedAt: null });
  });

  it('settles and shows a late payment on an order whose earlier flag staff resolved', async () => {
    const lamp = await product(ctx, { stock: 5, price: 43_000 });
    const placed = await placedOrder(ctx, asha, lamp.id, 'prepaid');
    await gateway.pay(placed.payment.providerOrderId, { amount: placed.grandTotal - 100 });
    expect(await orderRow(ctx, placed._id)).toMatchObject({ paymentFlag: 'amount_mismatch', paymentStatus: 'pending' });
    await resolve(placed._id, 'Short payment refunded on Razorpay');
    const cancelled = await call(app, 'POST', `/api/user/order/${placed._id}/cancel`, asha);
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    // The right amount lands after the cancellation: the money is given back, and staff see it.
    const late = await gateway.pay(placed.payment.providerOrderId);
    await gateway.settle();
    expect(await orderRow(ctx, placed._id)).toMatchObject({ status: 'cancelled', paymentFlag: 'late_payment_refunded', paymentStatus: 'refunded' });
    const refunds = [...gateway.refunds.values()].filter((refund) => refund.payment_id === late.paymentId);
    expect(refunds).toHaveLength(1);
    expect(await flaggedNumbers()).toContain(placed.number);
    expect(await resolutions(placed._id)).toMatchObject([{ flag: 'amount_mismatch', supersededAt: expect.any(Date) as Date }]);
  });

  it('keeps the resolution when the same payment is reported again (the reconciliation after its webhooks)', async () => {
    const lamp = await product(ctx, { stock: 5, price: 44_000 });
    const placed = await placedOrder(ctx, asha, lamp.id, 'prepaid');
    const short = await gateway.pay(placed.payment.providerOrderId, { amount: placed.grandTotal - 100 });
    await resolve(placed._id, 'Asked the shopper to pay again');
    // The order is still unpaid: the reconciliation asks about it and reports the short payment once more.
    await app.payments.reconcile(later(6));
    const reconciled = await ctx.handle.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.eventId, `reconcile_${short.paymentId}_captured`));
    expect(reconciled).toMatchObject([{ outcome: 'flagged' }]);
    expect(await flaggedNumbers()).not.toContain(placed.number);
    expect(await resolutions(placed._id)).toMatchObject([{ flag: 'amount_mismatch', supersededAt: null }]);
  });

  it('orders a resolution and a flag change at the same moment: a standing resolution is always of the flag shown', async () => {
    const lamp = await product(ctx, { stock: 20, price: 45_000 });
    for (let round = 0; round < 4; round++) {
      const order = await paidOrder(ctx, asha, lamp.id);
      gateway.pendingRefunds = 1;
      await payAgain(order);
      const [resolved] = await Promise.all([
        call(app, 'POST', `/api/admin/payments/${order._id}/flag/resolve`, staff, { note: 'Being refunded' }),
        moveFlag(ctx.handle.db, order._id, 'paid_twice', 'paid_twice_refund_failed'),
      ]);
      expect(resolved.statusCode, resolved.body).toBe(200);
      const shown = (await orderRow(ctx, order._id)).paymentFlag;
      expect(shown).toBe('paid_twice_refund_failed');
      const standing = (await resolutions(order._id)).filter((row) => row.supersededAt === null);
      // Resolved after the move (the flag staff resolved is the one shown), or superseded by it (listed again).
      if (standing.length > 0) expect(standing).toMatchObject([{ flag: shown }]);
      expect((await flaggedNumbers()).includes(order.number)).toBe(standing.length === 0);
    }
  });
});
