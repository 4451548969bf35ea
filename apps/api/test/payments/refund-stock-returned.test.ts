import { pincodes, siteSettings } from '@shop/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackGateway } from '../../src/payments/razorpay/loopback-gateway.ts';
import { settingsFixture } from '../fixtures.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { call, product } from '../orders/order-helpers.ts';
import { ship } from '../shipping/shipping-helpers.ts';
import { openPaymentShop, paidOrder, refundAsStaff, type Shopper, staffMember } from './payment-fixture.ts';

/**
 * What the refund dialog is told about stock (decision 147): GET /api/admin/payments/{orderId} answers `stockReturned`
 * by the rule the refund's `restock` is refused by (decision 142), so the dialog offers "back in stock" exactly when
 * the API would accept it. On PGlite and PostgreSQL, through the loopback Razorpay and carrier.
 */

describe.each(engines)('the payment answer says when the stock came back (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let gateway: LoopbackGateway;
  let asha: Shopper;
  let staff: Shopper;

  const detail = async (orderId: string) => {
    const answer = await call(app, 'GET', `/api/admin/payments/${orderId}`, staff);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json<{ refundable: number; stockReturned: boolean; payment: { orderStatus: string } }>();
  };
  const refund = (orderId: string, body: unknown) => refundAsStaff(ctx, staff, orderId, body);

  beforeAll(async () => {
    ({ ctx, app, gateway, asha } = await openPaymentShop(engine));
    staff = await staffMember(ctx);
    await ctx.handle.db.insert(siteSettings).values(settingsFixture).onConflictDoNothing();
    await ctx.handle.db
      .insert(pincodes)
      .values({ pincode: '560001', office: 'Bangalore G.P.O.', district: 'Bengaluru', state: 'Karnataka', transitDays: 3 })
      .onConflictDoNothing();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('a paid order: not back, and a refund may put its items back', async () => {
    const lamp = await product(ctx, { stock: 3, price: 60_000 });
    const order = await paidOrder(ctx, asha, lamp.id);
    expect(await detail(order._id)).toMatchObject({ refundable: order.grandTotal, stockReturned: false });
    const asked = await refund(order._id, { kind: 'full', reason: 'Arrived broken', restock: true });
    expect(asked.statusCode, asked.body).toBe(202);
  });

  it('a cancelled order whose automatic refund failed: back with the cancellation, and the API refuses to restock it', async () => {
    const lamp = await product(ctx, { stock: 3, price: 60_000 });
    const order = await paidOrder(ctx, asha, lamp.id);
    gateway.failRefunds = 1;
    expect((await call(app, 'POST', `/api/user/order/${order._id}/cancel`, asha)).statusCode).toBe(200);
    await gateway.settle();
    // Money is left to refund by hand, so the dialog shows: without the stock choice.
    expect(await detail(order._id)).toMatchObject({ refundable: order.grandTotal, stockReturned: true, payment: { orderStatus: 'cancelled' } });
    expectRefusal(await refund(order._id, { kind: 'full', reason: 'By hand', restock: true }), 409, 'refund_restock_already_returned', {
      restock: 'refund_restock_already_returned',
    });
    const byHand = await refund(order._id, { kind: 'full', reason: 'By hand', restock: false });
    expect(byHand.statusCode, byHand.body).toBe(202);
  });

  it('a returned parcel: not back until staff put it on sale, then back', async () => {
    const lamp = await product(ctx, { stock: 5, price: 60_000 });
    const order = await paidOrder(ctx, asha, lamp.id);
    expect((await call(app, 'POST', `/api/admin/orders/${order._id}/status`, staff, { status: 'confirmed' })).statusCode).toBe(200);
    await ship(app, staff, order._id);
    // Back at the shop; its automatic refund fails at the bank, so money is left to refund.
    gateway.failRefunds = 1;
    const journey = await call(app, 'POST', '/api/dev/shipping/loopback/journey', staff, { orderId: order._id, journey: 'rto' });
    expect(journey.statusCode, journey.body).toBe(200);
    await gateway.settle();
    expect(await detail(order._id)).toMatchObject({ refundable: order.grandTotal, stockReturned: false, payment: { orderStatus: 'returned' } });
    const resolved = await call(app, 'POST', `/api/admin/orders/${order._id}/shipment/rto`, staff, { resaleable: true });
    expect(resolved.statusCode, resolved.body).toBe(200);
    expect(await detail(order._id)).toMatchObject({ refundable: order.grandTotal, stockReturned: true });
    expectRefusal(await refund(order._id, { kind: 'full', reason: 'Returned', restock: true }), 409, 'refund_restock_already_returned');
  });
});
