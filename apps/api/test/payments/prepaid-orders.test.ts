import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LoopbackGateway } from '../../src/payments/razorpay/loopback-gateway.ts';
import { authContext } from '../auth/auth-helpers.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { call, coupon, customer, product, stockOf } from '../orders/order-helpers.ts';
import { placeOrder, type Shopper } from './payment-fixture.ts';

/**
 * Placing prepaid orders beside cash on delivery (issue 20): a product without cash on delivery can be bought prepaid,
 * the open cash-on-delivery limit does not count prepaid orders while the per-minute limit does, an Idempotency-Key
 * retry answers the same checkout, and the webhook reaches the API over real HTTP when it listens.
 */

describe.each(engines)('prepaid orders (%s)', (engine) => {
  let ctx: TestContext;

  beforeAll(async () => {
    // Not openPaymentShop: the last test's webhooks go over real HTTP, and each test signs in its own customer.
    // One open cash-on-delivery order at most, two orders a minute: small enough to reach in a test.
    ctx = await authContext(engine, { orderLimits: { perMinute: 2, perHour: 100, openCod: 1, couponTries: 100 } });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const place = (who: Shopper, productId: string, paymentMethod: string, headers: Record<string, string> = {}) =>
    placeOrder(ctx, who, productId, paymentMethod, {}, headers);

  it('sells a product without cash on delivery prepaid, and still refuses it on delivery', async () => {
    const asha = await customer(ctx);
    const noCod = await product(ctx, { cod: false, stock: 5 });
    expectRefusal(await place(asha, noCod.id, 'cod'), 422, 'cod_unavailable');
    const prepaid = await place(asha, noCod.id, 'prepaid');
    expect(prepaid.statusCode, prepaid.body).toBe(201);
    expect(prepaid.json()).toMatchObject({ paymentMethod: 'prepaid', paymentStatus: 'pending' });
    expectRefusal(await place(asha, noCod.id, 'card'), 400, 'validation_failed', { paymentMethod: 'payment_method_invalid' });
  });

  it('refuses online payment for an order under ₹1 before writing it, and takes the same order on delivery', async () => {
    const asha = await customer(ctx);
    const mug = await product(ctx, { price: 60_000, stock: 5 });
    const free = await coupon(ctx, { type: 'fixed', value: 60_000 });
    const refused = expectRefusal(await placeOrder(ctx, asha, mug.id, 'prepaid', { couponCode: free.code }), 422, 'prepaid_total_too_small', {
      paymentMethod: 'prepaid_total_too_small',
    });
    expect(refused.message).toBe('An order under ₹1 cannot be paid online. Choose cash on delivery.');
    expect(await stockOf(ctx, mug.id)).toBe(5);
    const cod = await placeOrder(ctx, asha, mug.id, 'cod', { couponCode: free.code });
    expect(cod.statusCode, cod.body).toBe(201);
    expect(cod.json()).toMatchObject({ grandTotal: 0, paymentMethod: 'cod' });
  });

  it('keeps the open cash-on-delivery limit to cash on delivery; the per-minute limit counts every order', async () => {
    const ravi = await customer(ctx);
    const lamp = await product(ctx, { stock: 10 });
    expect((await place(ravi, lamp.id, 'cod')).statusCode).toBe(201);
    // One open COD order is the limit: another COD order is refused, a prepaid one goes through.
    expectRefusal(await place(ravi, lamp.id, 'cod'), 409, 'open_orders_limit');
    expect((await place(ravi, lamp.id, 'prepaid')).statusCode).toBe(201);
    // Two orders this minute (one COD, one prepaid): the third, prepaid too, waits.
    expectRefusal(await place(ravi, lamp.id, 'prepaid'), 429, 'order_rate_limited');
  });

  it('answers an Idempotency-Key retry of a prepaid order with the same checkout, and places it once', async () => {
    const meera = await customer(ctx);
    const lamp = await product(ctx, { stock: 10 });
    const key = { 'idempotency-key': `prepaid-${Date.now()}` };
    const first = await place(meera, lamp.id, 'prepaid', key);
    const again = await place(meera, lamp.id, 'prepaid', key);
    expect([first.statusCode, again.statusCode]).toEqual([201, 200]);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()._id).toBe(first.json()._id);
    expect(again.json().payment).toEqual(first.json().payment);
  });

  it('receives the loopback gateway webhooks over HTTP once the API listens, and marks the order paid', async () => {
    const gateway = ctx.app.payments.gateway as LoopbackGateway;
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    expect(gateway.webhookUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/payments\/razorpay\/webhook$/);
    const kiran = await customer(ctx);
    const lamp = await product(ctx, { stock: 10 });
    const placed = (await place(kiran, lamp.id, 'prepaid')).json();
    const { webhooks } = await gateway.pay(placed.payment.providerOrderId);
    expect(webhooks.map((sent) => sent.status)).toEqual([200, 200, 200]);
    const order = await call(ctx.app, 'GET', `/api/user/order/${placed._id}`, kiran);
    expect(order.json()).toMatchObject({ paymentStatus: 'captured', status: 'placed', reservationExpiresAt: null });
  });
});
