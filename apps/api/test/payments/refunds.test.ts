import { auditLog, orderRefunds } from '@shop/db';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackGateway } from '../../src/payments/razorpay/loopback-gateway.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { call, coupon, product, roomyLimits, stockOf } from '../orders/order-helpers.ts';
import { openPaymentShop, orderRow, paidOrder, placedOrder, placeOrder, refundAsStaff, type Shopper, staffMember } from './payment-fixture.ts';

/**
 * Refunds from the back office (issue 20, decision 063), on PGlite and PostgreSQL: staff refund a paid order in full,
 * by lines or by amount through the real SDK and the loopback Razorpay; its signed refund webhooks settle the refund,
 * move the order to partially_refunded/refunded and put items back in stock once, only when staff asked.
 */

describe.each(engines)('refunds from the back office (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let gateway: LoopbackGateway;
  let asha: Shopper;
  let staff: Shopper;

  const refund = (orderId: string, body: unknown, who: { cookie: string } = staff) => refundAsStaff(ctx, who, orderId, body);
  const detail = async (orderId: string) => {
    const response = await call(app, 'GET', `/api/admin/payments/${orderId}`, staff);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };

  beforeAll(async () => {
    ({ ctx, app, gateway, asha } = await openPaymentShop(engine));
    staff = await staffMember(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('a refund from the back office reaches `refunded` through the webhook and restores stock when the staff member says so', async () => {
    const lamp = await product(ctx, { stock: 5, price: 50_000 });
    const order = await paidOrder(ctx, asha, [{ productId: lamp.id, quantity: 2 }]);
    expect(await stockOf(ctx, lamp.id)).toBe(3);

    const asked = await refund(order._id, { kind: 'full', reason: 'Lamp arrived broken', restock: true });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json()).toMatchObject({ kind: 'full', amount: order.grandTotal, restock: true, lines: [{ lineId: order.items[0]!.id, quantity: 2 }] });
    await gateway.settle();

    expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'refunded', amountRefunded: order.grandTotal });
    expect(await stockOf(ctx, lamp.id)).toBe(5);
    const seen = await detail(order._id);
    expect(seen.refunds).toMatchObject([
      { status: 'processed', restocked: true, reason: 'Lamp arrived broken', providerRefundId: expect.stringMatching(/^rfnd_/) },
    ]);
    expect(seen.events.map((event: { type: string }) => event.type)).toEqual(['payment.authorized', 'payment.captured', 'order.paid', 'refund.processed']);
    expect(seen.events[3]).toMatchObject({ outcome: 'applied', amount: order.grandTotal, refundId: seen.refunds[0].providerRefundId });
    expect(seen.refundable).toBe(0);

    // Razorpay delivers again (the same event) and once more with a fresh event id: the stock moves once only.
    const processed = gateway.sent.filter((sent) => sent.event === 'refund.processed').at(-1)!;
    expect(await gateway.redeliver(processed)).toBe(200);
    expect(await gateway.sendEvent('refund.processed', JSON.parse(processed.body).payload)).toMatchObject({ status: 200 });
    expect(await stockOf(ctx, lamp.id)).toBe(5);

    const [audit] = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'payment.refund'), eq(auditLog.entityId, order._id)));
    expect(audit).toMatchObject({ actorUserId: staff.userId, after: { amount: order.grandTotal, reason: 'Lamp arrived broken', restock: true } });
    // Nothing left to refund.
    expectRefusal(await refund(order._id, { kind: 'amount', amount: 100, reason: 'again' }), 409, 'refund_order_not_paid');
  });

  it('leaves stock alone when staff do not ask for it back', async () => {
    const lamp = await product(ctx, { stock: 5 });
    const order = await paidOrder(ctx, asha, [{ productId: lamp.id, quantity: 1 }]);
    expect((await refund(order._id, { kind: 'full', reason: 'Customer changed their mind' })).statusCode).toBe(202);
    await gateway.settle();
    expect((await orderRow(ctx, order._id)).paymentStatus).toBe('refunded');
    expect(await stockOf(ctx, lamp.id)).toBe(4);
  });

  it('refunds by lines and by amount: partially_refunded, only the named items back, never above what is left', async () => {
    const lamp = await product(ctx, { stock: 10, price: 40_000 });
    const mug = await product(ctx, { stock: 10, price: 20_000 });
    const order = await paidOrder(ctx, asha, [
      { productId: lamp.id, quantity: 2 },
      { productId: mug.id, quantity: 1 },
    ]);
    const lampLine = order.items[0]!;
    const mugLine = order.items[1]!;

    const byLine = await refund(order._id, { kind: 'lines', lines: [{ lineId: lampLine.id, quantity: 1 }], reason: 'One lamp cracked', restock: true });
    expect(byLine.statusCode, byLine.body).toBe(202);
    expect(byLine.json().amount).toBe(40_000);
    await gateway.settle();
    expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'partially_refunded', amountRefunded: 40_000 });
    expect([await stockOf(ctx, lamp.id), await stockOf(ctx, mug.id)]).toEqual([9, 9]);

    expectRefusal(
      await refund(order._id, { kind: 'lines', lines: [{ lineId: lampLine.id, quantity: 2 }], reason: 'Both lamps' }),
      409,
      'refund_quantity_too_large',
      { lines: 'refund_quantity_too_large' },
    );
    expectRefusal(await refund(order._id, { kind: 'lines', lines: [{ lineId: crypto.randomUUID(), quantity: 1 }], reason: 'x' }), 400, 'refund_lines_invalid');

    const left = order.grandTotal - 40_000;
    const tooMuch = expectRefusal(await refund(order._id, { kind: 'amount', amount: left + 1, reason: 'Goodwill' }), 409, 'refund_exceeds_remaining', {
      amount: 'refund_exceeds_remaining',
    });
    expect(tooMuch.params).toEqual({ amount: left + 1, limit: left });

    expect((await refund(order._id, { kind: 'amount', amount: 5_000, reason: 'Late delivery' })).statusCode).toBe(202);
    await gateway.settle();
    expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'partially_refunded', amountRefunded: 45_000 });
    // The mug is still refundable by line; the lamp has one unit left.
    const seen = await detail(order._id);
    expect(seen.lines.map((line: { refundable: number }) => line.refundable)).toEqual([1, 1]);
    expect(seen.refundable).toBe(left - 5_000);
    expect(mugLine.id).toBe(seen.lines[1].lineId);
  });

  it('refuses with codes: not paid, no reason, restock without items, a customer', async () => {
    const lamp = await product(ctx, { stock: 10 });
    const cod = await placeOrder(ctx, asha, lamp.id, 'cod');
    expectRefusal(await refund(cod.json()._id, { kind: 'full', reason: 'x' }), 409, 'refund_order_not_paid');
    const unpaid = await placeOrder(ctx, asha, lamp.id, 'prepaid');
    expectRefusal(await refund(unpaid.json()._id, { kind: 'full', reason: 'x' }), 409, 'refund_order_not_paid');

    const order = await paidOrder(ctx, asha, [{ productId: lamp.id, quantity: 1 }]);
    expectRefusal(await refund(order._id, { kind: 'full', reason: '   ' }), 400, 'validation_failed', { reason: 'refund_reason_required' });
    expectRefusal(await refund(order._id, { kind: 'full' }), 400, 'validation_failed', { reason: 'refund_reason_required' });
    expectRefusal(await refund(order._id, { kind: 'amount', amount: 500, reason: 'x', restock: true }), 400, 'validation_failed', {
      restock: 'refund_restock_needs_lines',
    });
    expectRefusal(await refund(order._id, { kind: 'amount', amount: 99, reason: 'x' }), 400, 'validation_failed', { amount: 'refund_amount_invalid' });
    expectRefusal(await refund(order._id, { kind: 'everything', reason: 'x' }), 400, 'validation_failed', { kind: 'refund_kind_invalid' });
    expectRefusal(await refund(crypto.randomUUID(), { kind: 'full', reason: 'x' }), 404, 'admin_order_not_found');
    expectRefusal(await refund(order._id, { kind: 'full', reason: 'x' }, asha), 403, 'forbidden');
    expect((await orderRow(ctx, order._id)).paymentStatus).toBe('captured');
    expect(await ctx.handle.db.select().from(orderRefunds).where(eq(orderRefunds.orderId, order._id))).toEqual([]);
  });

  it('a refund the bank fails is marked failed by refund.failed, changes nothing on the order and frees its amount', async () => {
    const lamp = await product(ctx, { stock: 10 });
    const order = await paidOrder(ctx, asha, [{ productId: lamp.id, quantity: 1 }]);
    gateway.failRefunds = 1;
    expect((await refund(order._id, { kind: 'full', reason: 'Damaged', restock: true })).statusCode).toBe(202);
    await gateway.settle();
    expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'captured', amountRefunded: 0 });
    expect(await stockOf(ctx, lamp.id)).toBe(9);
    const seen = await detail(order._id);
    expect(seen.refunds).toMatchObject([{ status: 'failed', restocked: false }]);
    expect(seen.events.at(-1)).toMatchObject({ type: 'refund.failed', outcome: 'applied' });
    expect(seen.refundable).toBe(order.grandTotal);
    // Tried again, it goes through.
    expect((await refund(order._id, { kind: 'full', reason: 'Damaged', restock: true })).statusCode).toBe(202);
    await gateway.settle();
    expect((await orderRow(ctx, order._id)).paymentStatus).toBe('refunded');
    expect(await stockOf(ctx, lamp.id)).toBe(10);
  });

  it('answers 503 refund_outcome_unknown when the provider cannot be reached, and holds the amount until the outcome is known', async () => {
    const lamp = await product(ctx, { stock: 10 });
    const order = await paidOrder(ctx, asha, [{ productId: lamp.id, quantity: 1 }]);
    gateway.down = true;
    try {
      // A 5xx may come after the provider made the refund: the row stays requested (refund-order.test.ts has the rest).
      expectRefusal(await refund(order._id, { kind: 'full', reason: 'Damaged' }), 503, 'refund_outcome_unknown');
    } finally {
      gateway.down = false;
    }
    const seen = await detail(order._id);
    expect(seen.refunds).toMatchObject([{ status: 'requested' }]);
    expect(seen.refundable).toBe(0);
  });

  it('never lets simultaneous refunds add up to more than was paid', async () => {
    const lamp = await product(ctx, { stock: 10, price: 100_000 });
    const order = await paidOrder(ctx, asha, [{ productId: lamp.id, quantity: 1 }]);
    const share = Math.ceil(order.grandTotal * 0.4);
    const sentBefore = gateway.sent.length;
    const answers = await Promise.all(Array.from({ length: 6 }, (_, i) => refund(order._id, { kind: 'amount', amount: share, reason: `Refund ${i}` })));
    const statuses = answers.map((answer) => answer.statusCode).sort();
    // The answers' bodies go in the message: a failure under CI's load must say which refusal (or error) it saw.
    expect(statuses, answers.map((answer) => answer.body).join(' | ')).toEqual([202, 202, 409, 409, 409, 409]);
    for (const answer of answers.filter((a) => a.statusCode === 409)) expect(answer.json().code).toBe('refund_exceeds_remaining');
    await gateway.settle();
    const webhooks = gateway.sent.slice(sentBefore).map((sent) => `${sent.event} ${sent.status}`);
    expect(webhooks).toEqual(['refund.processed 200', 'refund.processed 200']);
    const rows = await ctx.handle.db
      .select()
      .from(orderRefunds)
      .where(and(eq(orderRefunds.orderId, order._id), ne(orderRefunds.status, 'failed')));
    expect(rows.reduce((sum, row) => sum + row.amount, 0)).toBe(2 * share);
    expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'partially_refunded', amountRefunded: 2 * share });
  });

  it("refunds lines at their prices less the coupon's discount in proportion", async () => {
    const lamp = await product(ctx, { stock: 10, price: 40_000, mrp: 40_000 });
    const tenPercent = await coupon(ctx, { type: 'percent', value: 10 });
    const order = await placedOrder(ctx, asha, [{ productId: lamp.id, quantity: 2 }], 'prepaid', { couponCode: tenPercent.code });
    expect(order.discount).toBe(8_000);
    await gateway.pay(order.payment.providerOrderId);
    const asked = await refund(order._id, { kind: 'lines', lines: [{ lineId: order.items[0]!.id, quantity: 1 }], reason: 'One cracked' });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().amount).toBe(36_000);
  });

  it('cancelling a partly refunded order refunds only the rest and does not put restocked items back twice', async () => {
    const lamp = await product(ctx, { stock: 10, price: 30_000 });
    const order = await paidOrder(ctx, asha, [{ productId: lamp.id, quantity: 3 }]);
    expect(await stockOf(ctx, lamp.id)).toBe(7);
    const line = order.items[0]!.id;
    expect((await refund(order._id, { kind: 'lines', lines: [{ lineId: line, quantity: 1 }], reason: 'One cracked', restock: true })).statusCode).toBe(202);
    await gateway.settle();
    expect(await stockOf(ctx, lamp.id)).toBe(8);
    const cancelled = await call(app, 'POST', `/api/admin/orders/${order._id}/status`, staff, { status: 'cancelled', note: 'Customer cancelled' });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    await gateway.settle();
    expect(await stockOf(ctx, lamp.id)).toBe(10);
    expect(await orderRow(ctx, order._id)).toMatchObject({ paymentStatus: 'refunded', amountRefunded: order.grandTotal });
    const seen = await detail(order._id);
    expect(seen.refunds.map((r: { kind: string; status: string }) => [r.kind, r.status])).toEqual([
      ['cancellation', 'processed'],
      ['lines', 'processed'],
    ]);
  });
});

describe.each(engines)('refunds and the response cache (%s)', (engine) => {
  let ctx: TestContext;
  let asha: Shopper;

  beforeAll(async () => {
    ({ ctx, asha } = await openPaymentShop(engine, { ...roomyLimits, responseCacheSeconds: 300 }));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('forgets cached "out of stock" answers when a refund puts a sold-out item back', async () => {
    const app = ctx.app;
    const gateway = app.payments.gateway as LoopbackGateway;
    const staff = await staffMember(ctx);
    const last = await product(ctx, { stock: 1 });
    const stockShown = async () => (await call(app, 'GET', `/api/product/${last.slug}`)).json().stock as number;
    expect(await stockShown()).toBe(1);
    const placed = (await placeOrder(ctx, asha, last.id, 'prepaid')).json();
    await gateway.pay(placed.payment.providerOrderId);
    expect(await stockShown()).toBe(0);
    const asked = await refundAsStaff(ctx, staff, placed._id, { kind: 'full', reason: 'Damaged', restock: true });
    expect(asked.statusCode, asked.body).toBe(202);
    await gateway.settle();
    expect(await stockOf(ctx, last.id)).toBe(1);
    expect(await stockShown()).toBe(1);
  });
});
