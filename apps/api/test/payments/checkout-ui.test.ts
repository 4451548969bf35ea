import { Script } from 'node:vm';
import { orders, outbox } from '@shop/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOOPBACK_CHECKOUT_SCRIPT_PATH } from '../../src/payments/razorpay/loopback-checkout.ts';
import { loopbackKeys } from '../../src/payments/razorpay/loopback-gateway.ts';
import { anotherApp } from '../auth/auth-helpers.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { call, customer, product, roomyLimits, stockOf } from '../orders/order-helpers.ts';
import { openPaymentShop, orderRow, placedOrder, type Shopper, verifyCheckout } from './payment-fixture.ts';

/**
 * The shopper's side of online payment (issue 20, decisions 061 and 062), on PGlite and PostgreSQL: the loopback
 * gateway's checkout.js stand-in and its Pay/Fail calls (real signatures, real webhooks), the checkout block on an
 * unpaid order, and paying an unpaid prepaid order on delivery instead.
 */

const PAY = '/api/payments/loopback/pay';
const FAIL = '/api/payments/loopback/fail';

describe.each(engines)('payment step (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let asha: Shopper;

  const prepaid = (who: Shopper, productIds: string[]) =>
    placedOrder(
      ctx,
      who,
      productIds.map((productId) => ({ productId, quantity: 1 })),
      'prepaid',
    );
  const switchToCod = (who: { cookie: string }, orderId: string) => call(app, 'POST', `/api/user/order/${orderId}/payment/cash-on-delivery`, who);

  beforeAll(async () => {
    ({ ctx, app, asha } = await openPaymentShop(engine, { ...roomyLimits, orderLimits: { ...roomyLimits.orderLimits, openCod: 2 } }));
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("serves the stand-in checkout.js while the loopback runs, and names it in the order's checkout block", async () => {
    const script = await app.inject({ method: 'GET', url: LOOPBACK_CHECKOUT_SCRIPT_PATH });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain('window.Razorpay = Razorpay');
    expect(script.body).toContain('परीक्षण भुगतान');
    // Compiles as a browser script.
    expect(() => new Script(script.body)).not.toThrow();

    const lamp = await product(ctx, { stock: 3 });
    const placed = await prepaid(asha, [lamp.id]);
    expect(placed.payment.scriptUrl).toBe(LOOPBACK_CHECKOUT_SCRIPT_PATH);
    // The order page reads the same block while the order waits for its money.
    const detail = (await call(app, 'GET', `/api/user/order/${placed._id}`, asha)).json();
    expect(detail.payment).toEqual(placed.payment);
    expect(detail.amountRefunded).toBe(0);
  });

  it('answers 404 for the stand-in and its calls when real Razorpay keys are set', async () => {
    const real = await anotherApp(ctx, { ...roomyLimits, razorpay: loopbackKeys() });
    try {
      expect(real.payments.gateway).toBeNull();
      expectRefusal(await real.inject({ method: 'GET', url: LOOPBACK_CHECKOUT_SCRIPT_PATH }), 404, 'not_found');
      expectRefusal(await call(real, 'POST', PAY, undefined, { key: 'rzp_test_x', order_id: 'order_x' }), 404, 'not_found');
      expectRefusal(await call(real, 'POST', FAIL, undefined, { key: 'rzp_test_x', order_id: 'order_x' }), 404, 'not_found');
    } finally {
      await real.close();
    }
  });

  it('Pay: a real payment, its checkout signature verifies and the webhooks mark the order paid; a paid order takes no second payment', async () => {
    const lamp = await product(ctx, { stock: 3 });
    const placed = await prepaid(asha, [lamp.id]);
    const body = { key: placed.payment.keyId, order_id: placed.payment.providerOrderId };
    expectRefusal(await call(app, 'POST', PAY, undefined, { ...body, key: 'rzp_test_someoneelse' }), 404, 'payment_checkout_unknown');
    expectRefusal(await call(app, 'POST', PAY, undefined, { ...body, order_id: 'order_NotARealOne123' }), 404, 'payment_checkout_unknown');

    const paid = await call(app, 'POST', PAY, undefined, body);
    expect(paid.statusCode, paid.body).toBe(200);
    const checkout = paid.json();
    expect(checkout).toMatchObject({ razorpay_order_id: placed.payment.providerOrderId });
    expect(checkout.razorpay_payment_id).toMatch(/^pay_/);
    // The webhooks came first; verify still checks the signature and answers the paid order.
    expect((await orderRow(ctx, placed._id)).paymentStatus).toBe('captured');
    const verified = await verifyCheckout(ctx, asha, placed._id, checkout);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json()).toMatchObject({ paymentStatus: 'captured', paymentMethod: 'prepaid' });
    expect(verified.json().payment).toBeUndefined();
    expect((await call(app, 'GET', `/api/user/order/${placed._id}`, asha)).json().payment).toBeUndefined();
    expectRefusal(await call(app, 'POST', PAY, undefined, body), 409, 'payment_not_pending');
    // Paid: no switching to cash on delivery.
    expectRefusal(await switchToCod(asha, placed._id), 409, 'payment_not_pending');
  });

  it("Fail: Razorpay's error object, payment.failed recorded; then the shopper pays on delivery instead", async () => {
    const lamp = await product(ctx, { stock: 3 });
    const placed = await prepaid(asha, [lamp.id]);
    const failed = await call(app, 'POST', FAIL, undefined, { key: placed.payment.keyId, order_id: placed.payment.providerOrderId });
    expect(failed.statusCode, failed.body).toBe(200);
    expect(failed.json()).toMatchObject({
      error: { code: 'BAD_REQUEST_ERROR', description: 'Payment failed', reason: 'payment_failed', metadata: { order_id: placed.payment.providerOrderId } },
    });
    expect((await orderRow(ctx, placed._id)).paymentStatus).toBe('failed');
    expect(await stockOf(ctx, lamp.id)).toBe(2);

    // Someone else cannot switch it; the owner can.
    const ravi = await customer(ctx);
    expectRefusal(await switchToCod(ravi, placed._id), 404, 'order_not_found');
    expectRefusal(await switchToCod(asha, 'not-an-id'), 404, 'order_not_found');
    const switched = await switchToCod(asha, placed._id);
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json()).toMatchObject({
      paymentMethod: 'cod',
      paymentStatus: 'pending',
      status: 'placed',
      reservationExpiresAt: null,
      number: placed.number,
    });
    expect(switched.json().payment).toBeUndefined();
    // Its stock stays held (no expiry will release it now), and the cash-on-delivery confirmation is on its way.
    expect(await stockOf(ctx, lamp.id)).toBe(2);
    await app.payments.expire(new Date(Date.now() + 60 * 60_000));
    expect((await orderRow(ctx, placed._id)).status).toBe('placed');
    const messages = await ctx.handle.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'order-placed')));
    expect(messages.some((message) => message.bodyText.includes(placed.number) && message.bodyText.includes('on delivery'))).toBe(true);
    // Once is enough.
    expectRefusal(await switchToCod(asha, placed._id), 409, 'payment_not_pending');
  });

  it('refuses cash on delivery where it would have been refused at checkout, or once the reservation has run out', async () => {
    const lamp = await product(ctx, { stock: 5 });
    const ring = await product(ctx, { stock: 5, cod: false, name: 'Gold ring' });
    const mixed = await prepaid(asha, [lamp.id, ring.id]);
    const refused = await switchToCod(asha, mixed._id);
    expectRefusal(refused, 422, 'cod_unavailable');
    expect(refused.json().params).toEqual({ names: ['Gold ring'], count: 1 });
    expect(Object.keys(refused.json().errors)).toEqual(['items.1']);

    const late = await prepaid(asha, [lamp.id]);
    await ctx.handle.db
      .update(orders)
      .set({ reservationExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(orders.id, late._id));
    expectRefusal(await switchToCod(asha, late._id), 409, 'payment_reservation_expired');

    // The open cash-on-delivery limit (2 here) counts as when placing.
    const meena = await customer(ctx);
    const first = await prepaid(meena, [lamp.id]);
    const second = await prepaid(meena, [lamp.id]);
    const third = await prepaid(meena, [lamp.id]);
    expect((await switchToCod(meena, first._id)).statusCode).toBe(200);
    expect((await switchToCod(meena, second._id)).statusCode).toBe(200);
    const over = await switchToCod(meena, third._id);
    expectRefusal(over, 409, 'open_orders_limit');
    expect(over.json().params).toEqual({ max: 2 });
    expect((await orderRow(ctx, third._id)).paymentMethod).toBe('prepaid');
  });

  it('tracking shows how the order is paid and what was refunded', async () => {
    const lamp = await product(ctx, { stock: 3 });
    const placed = await prepaid(asha, [lamp.id]);
    const tracked = await call(app, 'POST', '/api/order/track', undefined, { number: placed.number, mobile: asha.mobile });
    expect(tracked.statusCode, tracked.body).toBe(200);
    expect(tracked.json()).toMatchObject({ paymentMethod: 'prepaid', paymentStatus: 'pending', amountRefunded: 0 });
  });
});
