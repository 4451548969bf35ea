import { orders, outbox, pincodes, siteSettings } from '@shop/db';
import { seedPincodes } from '@shop/db/pincodes/seed-pincodes';
import { type CodSettings, DEFAULT_COD_SETTINGS } from '@shop/domain/cod/cod-rules';
import { formatInr } from '@shop/domain/money';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authContext } from '../auth/auth-helpers.ts';
import { settingsFixture } from '../fixtures.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { call, coupon, customer, makeStaff, product, roomyLimits } from '../orders/order-helpers.ts';

/**
 * Switching an unpaid prepaid order to cash on delivery (decision 062) under the shop's COD controls (decisions 065
 * and 066), on PGlite and PostgreSQL: the same refusals as placing a COD order (blocked pincode, maximum value with the
 * fee, the shop's open-COD cap), the money of a COD order (prepaid saving out, fee in), and the confirmation the shop
 * asks of a COD order. The test customers deliver to pincode 560001.
 */
describe.each(engines)('pay on delivery under the COD controls (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  type Who = Awaited<ReturnType<typeof customer>>;
  let staff: Who;

  beforeAll(async () => {
    // Roomy limits (OPEN_COD_ORDERS_MAX 1000): the shop's own cap is what a test sets.
    ctx = await authContext(engine, roomyLimits);
    app = ctx.app;
    await ctx.handle.db.insert(siteSettings).values(settingsFixture);
    staff = await customer(ctx);
    await makeStaff(ctx, staff.userId);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  async function setCod(changes: Partial<CodSettings>) {
    await ctx.handle.db.update(siteSettings).set({ cod: { ...DEFAULT_COD_SETTINGS, ...changes } });
    await app.responseCache.invalidate();
  }
  beforeEach(async () => setCod({}));

  const place = async (who: Who, productId: string, extra: Record<string, unknown> = {}) => {
    const response = await call(app, 'POST', '/api/user/order', who, {
      items: [{ productId, quantity: 1, variantId: null }],
      addressId: who.addressId,
      paymentMethod: 'prepaid',
      ...extra,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const switchToCod = (who: Who, orderId: string) => call(app, 'POST', `/api/user/order/${orderId}/payment/cash-on-delivery`, who);
  const orderRow = async (id: string) => (await ctx.handle.db.select().from(orders).where(eq(orders.id, id)))[0] as typeof orders.$inferSelect;

  it('removes the prepaid saving and adds the COD fee: the grand total of the same order placed as COD', async () => {
    await setCod({ fee: 4_900, prepaidDiscount: { percent: 10, cap: 5_000 } });
    const asha = await customer(ctx);
    const lamp = await product(ctx, { price: 118_000, stock: 5 });
    const off = await coupon(ctx, { type: 'fixed', value: 10_000 });
    const placed = await place(asha, lamp.id, { couponCode: off.code });
    // 10 % of (118,000 − 10,000) = 10,800, capped at 5,000; free shipping over ₹499.
    expect(placed).toMatchObject({ total: 118_000, discount: 10_000, shipping: 0, codFee: 0, prepaidDiscount: 5_000, grandTotal: 103_000 });

    const switched = await switchToCod(asha, placed._id);
    expect(switched.statusCode, switched.body).toBe(200);
    // The coupon stays; the saving goes; the fee comes: 118,000 − 10,000 + 4,900.
    expect(switched.json()).toMatchObject({
      paymentMethod: 'cod',
      discount: 10_000,
      codFee: 4_900,
      prepaidDiscount: 0,
      grandTotal: 112_900,
      codConfirmation: null,
    });
    expect(await orderRow(placed._id)).toMatchObject({ paymentMethod: 'cod', codFee: 4_900, prepaidDiscount: 0, grandTotal: 112_900, codConfirmation: null });
    // The same cart placed as COD costs the same.
    const direct = await call(app, 'POST', '/api/user/order', asha, {
      items: [{ productId: lamp.id, quantity: 1, variantId: null }],
      addressId: asha.addressId,
      paymentMethod: 'cod',
      couponCode: (await coupon(ctx, { type: 'fixed', value: 10_000 })).code,
    });
    expect(direct.json()).toMatchObject({ codFee: 4_900, prepaidDiscount: 0, grandTotal: 112_900 });
  });

  it('refuses a blocked delivery pincode with cod_pincode_blocked (naming addressId); the order stays prepaid, its saving kept', async () => {
    await setCod({ prepaidDiscount: { percent: 10, cap: 5_000 } });
    const asha = await customer(ctx);
    const lamp = await product(ctx, { price: 60_000, stock: 5 });
    const placed = await place(asha, lamp.id);
    await setCod({ prepaidDiscount: { percent: 10, cap: 5_000 }, blockedPincodes: ['110001', '560001'] });
    const refused = expectRefusal(await switchToCod(asha, placed._id), 422, 'cod_pincode_blocked', { addressId: 'cod_pincode_blocked' });
    expect(refused.params).toEqual({ pincode: '560001' });
    expect(await orderRow(placed._id)).toMatchObject({
      paymentMethod: 'prepaid',
      prepaidDiscount: 5_000,
      grandTotal: 55_000,
      reservationExpiresAt: expect.any(Date),
    });
  });

  it('refuses over the maximum COD value, the fee counted, with cod_order_value_exceeded (naming paymentMethod)', async () => {
    await setCod({ fee: 1_000, maxOrderValue: 60_000 });
    const asha = await customer(ctx);
    // 59,500 is within the maximum; with the 1,000 fee the courier would collect 60,500.
    const vase = await product(ctx, { price: 59_500, stock: 5 });
    const placed = await place(asha, vase.id);
    expect(placed.grandTotal).toBe(59_500);
    const refused = expectRefusal(await switchToCod(asha, placed._id), 422, 'cod_order_value_exceeded', { paymentMethod: 'cod_order_value_exceeded' });
    expect(refused.params).toEqual({ limit: 60_000 });
    expect(await orderRow(placed._id)).toMatchObject({ paymentMethod: 'prepaid', codFee: 0, grandTotal: 59_500 });
    // Within the maximum, fee included: switched.
    const lamp = await product(ctx, { price: 58_000, stock: 5 });
    const within = await switchToCod(asha, (await place(asha, lamp.id))._id);
    expect(within.statusCode, within.body).toBe(200);
    expect(within.json()).toMatchObject({ codFee: 1_000, grandTotal: 59_000 });
  });

  it("counts open COD orders against the shop's cap when it set one", async () => {
    await setCod({ maxOpenOrders: 1 });
    const asha = await customer(ctx);
    const lamp = await product(ctx, { stock: 5 });
    const first = await place(asha, lamp.id);
    const second = await place(asha, lamp.id);
    expect((await switchToCod(asha, first._id)).statusCode).toBe(200);
    const over = expectRefusal(await switchToCod(asha, second._id), 409, 'open_orders_limit');
    expect(over.params).toEqual({ max: 1 });
    expect((await orderRow(second._id)).paymentMethod).toBe('prepaid');
  });

  it('counts a switch and a COD order placed at the same moment one after the other: never both over the cap', async () => {
    await setCod({ maxOpenOrders: 1 });
    const asha = await customer(ctx);
    const lamp = await product(ctx, { stock: 10 });
    for (let round = 0; round < 3; round++) {
      const prepaid = await place(asha, lamp.id);
      const [switched, placedCod] = await Promise.all([
        switchToCod(asha, prepaid._id),
        call(app, 'POST', '/api/user/order', asha, {
          items: [{ productId: lamp.id, quantity: 1, variantId: null }],
          addressId: asha.addressId,
          paymentMethod: 'cod',
        }),
      ]);
      // Exactly one of the two became an open COD order; the other was refused for the cap.
      const answers = [switched, placedCod].map((answer) => `${answer.statusCode} ${answer.json().code ?? ''}`.trim()).sort();
      expect(answers).toEqual(switched.statusCode === 200 ? ['200', '409 open_orders_limit'] : ['201', '409 open_orders_limit']);
      const open = await ctx.handle.db
        .select({ id: orders.id })
        .from(orders)
        .where(and(eq(orders.userId, asha.userId), eq(orders.paymentMethod, 'cod'), eq(orders.status, 'placed')));
      expect(open).toHaveLength(1);
      // Cancelled for the next round: the cap counts open orders only.
      await ctx.handle.db.update(orders).set({ status: 'cancelled' }).where(eq(orders.userId, asha.userId));
    }
  });

  it('refuses a pincode where the couriers collect no cash, as placing a COD order does (naming addressId)', async () => {
    const asha = await customer(ctx);
    const lamp = await product(ctx, { price: 60_000, stock: 5 });
    const placed = await place(asha, lamp.id);
    await seedPincodes(ctx.handle.db, [
      { pincode: '560001', office: 'Bangalore G.P.O.', district: 'Bangalore', state: 'Karnataka', latitude: null, longitude: null },
    ]);
    await ctx.handle.db.update(pincodes).set({ serviceable: true, cod: false }).where(eq(pincodes.pincode, '560001'));
    try {
      const refused = expectRefusal(await switchToCod(asha, placed._id), 422, 'cod_pincode_blocked', { addressId: 'cod_pincode_blocked' });
      expect(refused.params).toEqual({ pincode: '560001' });
      expect((await orderRow(placed._id)).paymentMethod).toBe('prepaid');
    } finally {
      await ctx.handle.db.delete(pincodes).where(eq(pincodes.pincode, '560001'));
    }
  });

  it('with confirmation on, the switched order awaits it: the SMS with the new amount, staff held back, the code confirms', async () => {
    await setCod({ fee: 4_900, confirmation: 'sms_code', confirmWithinHours: 6 });
    const asha = await customer(ctx);
    const lamp = await product(ctx, { price: 60_000, stock: 5 });
    const placed = await place(asha, lamp.id);
    const before = Date.now();
    const switched = await switchToCod(asha, placed._id);
    expect(switched.statusCode, switched.body).toBe(200);
    const order = switched.json();
    expect(order).toMatchObject({ paymentMethod: 'cod', grandTotal: 64_900, codConfirmation: { method: 'sms_code', confirmedAt: null } });
    // Counted from the switch, not from when the prepaid order was placed.
    const confirmBy = new Date(order.codConfirmation.confirmBy).getTime();
    expect(confirmBy).toBeGreaterThanOrEqual(before + 6 * 3_600_000);
    expect(confirmBy).toBeLessThanOrEqual(Date.now() + 6 * 3_600_000);

    const [sms] = await ctx.handle.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, 'cod-confirm-code'), eq(outbox.recipient, `+91${asha.mobile}`)))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    expect(sms?.bodyText).toContain(placed.number);
    expect(sms?.bodyText).toContain(formatInr(64_900));
    const code = /code (\d{6})/.exec(sms?.bodyText ?? '')?.[1];
    expect(code).toMatch(/^\d{6}$/);

    expectRefusal(await call(app, 'POST', `/api/admin/orders/${placed._id}/status`, staff, { status: 'confirmed' }), 409, 'cod_not_confirmed');
    const confirmed = await call(app, 'POST', `/api/user/order/${placed._id}/cod-confirmation`, asha, { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect((await call(app, 'POST', `/api/admin/orders/${placed._id}/status`, staff, { status: 'confirmed' })).statusCode).toBe(200);
  });
});
