import { orders, outbox, siteSettings } from '@shop/db';
import type { CodSettings } from '@shop/domain/cod/cod-rules';
import { DEFAULT_COD_SETTINGS } from '@shop/domain/cod/cod-rules';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { authContext } from '../auth/auth-helpers.ts';
import { settingsFixture } from '../fixtures.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { call, coupon, customer, makeStaff, product, roomyLimits, stockOf, usedCount } from '../orders/order-helpers.ts';

/**
 * The shop's cash-on-delivery controls (issue 20, decisions 065 and 066), on PGlite and PostgreSQL: the fee and the
 * prepaid saving decided and stored at placement, the refusals (maximum value, blocked pincode, the shop's open-COD
 * cap), and confirmation by SMS code or link, with staff held back until it comes and the expiry cancelling the rest
 * exactly once, stock and coupon returned.
 */
describe.each(engines)('COD controls (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  type Who = Awaited<ReturnType<typeof customer>>;
  let staff: Who;

  beforeAll(async () => {
    // The limits are roomy (OPEN_COD_ORDERS_MAX 1000): the shop's own cap is what a test sets.
    ctx = await authContext(engine, roomyLimits);
    app = ctx.app;
    await ctx.handle.db.insert(siteSettings).values(settingsFixture);
    staff = await customer(ctx);
    await makeStaff(ctx, staff.userId);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  /** The shop's COD settings, straight into the row (the admin route has its own test below); the memo forgotten. */
  async function setCod(changes: Partial<CodSettings>) {
    await ctx.handle.db.update(siteSettings).set({ cod: { ...DEFAULT_COD_SETTINGS, ...changes } });
    await app.responseCache.invalidate();
  }
  beforeEach(async () => setCod({}));

  const place = (who: Who, items: { productId: string; quantity: number }[], extra: Record<string, unknown> = {}) =>
    call(app, 'POST', '/api/user/order', who, {
      items: items.map((item) => ({ ...item, variantId: null })),
      addressId: who.addressId,
      paymentMethod: 'cod',
      ...extra,
    });
  const move = (id: string, status: string) =>
    call(app, 'POST', `/api/admin/orders/${id}/status`, staff, { status, ...(status === 'cancelled' ? { note: 'test' } : {}) });
  const latestSms = async (kind: string, recipient: string) => {
    const [row] = await ctx.handle.db
      .select()
      .from(outbox)
      .where(and(eq(outbox.kind, kind), eq(outbox.recipient, recipient)))
      .orderBy(desc(outbox.createdAt))
      .limit(1);
    return row;
  };

  it('a fresh shop: no fee, no saving, no confirmation; the terms say so', async () => {
    const terms = await call(app, 'GET', '/api/checkout/cod-terms');
    expect(terms.statusCode).toBe(200);
    expect(terms.json()).toEqual({ fee: 0, maxOrderValue: null, blockedPincodes: [], prepaidDiscount: null, confirmation: 'off', confirmWithinHours: 24 });
    const asha = await customer(ctx);
    const lamp = await product(ctx, { price: 30_000 });
    const placed = await place(asha, [{ productId: lamp.id, quantity: 1 }]);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ total: 30_000, shipping: 15_000, codFee: 0, prepaidDiscount: 0, grandTotal: 45_000, codConfirmation: null });
  });

  it('charges the COD fee as its own line, stored on the order and shown on the order pages', async () => {
    await setCod({ fee: 4_900 });
    expect((await call(app, 'GET', '/api/checkout/cod-terms')).json()).toMatchObject({ fee: 4_900 });
    const asha = await customer(ctx);
    const lamp = await product(ctx, { price: 60_000 });
    const placed = await place(asha, [{ productId: lamp.id, quantity: 1 }]);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ total: 60_000, shipping: 0, codFee: 4_900, prepaidDiscount: 0, grandTotal: 64_900 });
    const [row] = await ctx.handle.db.select().from(orders).where(eq(orders.id, placed.json()._id));
    expect(row).toMatchObject({ codFee: 4_900, prepaidDiscount: 0, grandTotal: 64_900 });
    expect((await call(app, 'GET', `/api/user/order/${row!.id}`, asha)).json()).toMatchObject({ codFee: 4_900, grandTotal: 64_900 });
    expect((await call(app, 'GET', `/api/admin/orders/${row!.id}`, staff)).json().order).toMatchObject({ codFee: 4_900, grandTotal: 64_900 });
  });

  it('takes the prepaid saving off an online payment only (percent of the items after the coupon, capped), and charges that amount', async () => {
    await setCod({ fee: 4_900, prepaidDiscount: { percent: 10, cap: 5_000 } });
    const asha = await customer(ctx);
    const small = await product(ctx, { price: 30_000 });
    const big = await product(ctx, { price: 90_000 });
    const off = await coupon(ctx, { type: 'fixed', value: 10_000 });
    const prepaid = await place(asha, [{ productId: small.id, quantity: 1 }], { paymentMethod: 'prepaid', couponCode: off.code });
    expect(prepaid.statusCode, prepaid.body).toBe(201);
    // 10% of (30,000 - 10,000) = 2,000 paise; shipping 15,000 (under ₹499); no COD fee.
    expect(prepaid.json()).toMatchObject({ discount: 10_000, shipping: 15_000, codFee: 0, prepaidDiscount: 2_000, grandTotal: 33_000 });
    expect(prepaid.json().payment.amount).toBe(33_000);
    const capped = await place(asha, [{ productId: big.id, quantity: 1 }], { paymentMethod: 'prepaid' });
    expect(capped.json()).toMatchObject({ prepaidDiscount: 5_000, grandTotal: 85_000 });
    const cod = await place(asha, [{ productId: big.id, quantity: 1 }]);
    expect(cod.json()).toMatchObject({ prepaidDiscount: 0, codFee: 4_900, grandTotal: 94_900 });
  });

  it('refuses COD over the maximum value (fee included), naming paymentMethod; nothing is taken', async () => {
    await setCod({ fee: 1_000, maxOrderValue: 60_000 });
    const asha = await customer(ctx);
    const lamp = await product(ctx, { price: 30_000, stock: 10 });
    const refused = expectRefusal(await place(asha, [{ productId: lamp.id, quantity: 2 }]), 422, 'cod_order_value_exceeded', {
      paymentMethod: 'cod_order_value_exceeded',
    });
    expect(refused.params).toEqual({ limit: 60_000 });
    expect(refused.message).toBe('Cash on delivery is available for orders up to ₹600. Pay online, or remove something from the cart.');
    expect(await stockOf(ctx, lamp.id)).toBe(10);
    // 30,000 + 15,000 shipping + 1,000 fee = 46,000: within.
    expect((await place(asha, [{ productId: lamp.id, quantity: 1 }])).statusCode).toBe(201);
    // Paying online is not limited.
    expect((await place(asha, [{ productId: lamp.id, quantity: 2 }], { paymentMethod: 'prepaid' })).statusCode).toBe(201);
  });

  it('refuses COD to a blocked pincode, naming addressId', async () => {
    await setCod({ blockedPincodes: ['110001', '560001'] });
    const asha = await customer(ctx);
    const lamp = await product(ctx, { stock: 5 });
    const refused = expectRefusal(await place(asha, [{ productId: lamp.id, quantity: 1 }]), 422, 'cod_pincode_blocked', { addressId: 'cod_pincode_blocked' });
    expect(refused.params).toEqual({ pincode: '560001' });
    expect(await stockOf(ctx, lamp.id)).toBe(5);
    expect((await place(asha, [{ productId: lamp.id, quantity: 1 }], { paymentMethod: 'prepaid' })).statusCode).toBe(201);
  });

  it("the shop's open-COD cap replaces OPEN_COD_ORDERS_MAX; unset, the server's applies", async () => {
    await setCod({ maxOpenOrders: 1 });
    const asha = await customer(ctx);
    const lamp = await product(ctx);
    expect((await place(asha, [{ productId: lamp.id, quantity: 1 }])).statusCode).toBe(201);
    const refused = expectRefusal(await place(asha, [{ productId: lamp.id, quantity: 1 }]), 409, 'open_orders_limit');
    expect(refused.params).toEqual({ max: 1 });
    await setCod({ maxOpenOrders: null });
    expect((await place(asha, [{ productId: lamp.id, quantity: 1 }])).statusCode).toBe(201);
  });

  it('SMS code: the order waits, staff cannot move it on (409 cod_not_confirmed), a wrong code is refused, the right one confirms once', async () => {
    await setCod({ confirmation: 'sms_code', confirmWithinHours: 6 });
    const asha = await customer(ctx);
    const lamp = await product(ctx);
    const placed = await place(asha, [{ productId: lamp.id, quantity: 1 }]);
    expect(placed.statusCode, placed.body).toBe(201);
    const order = placed.json();
    expect(order.codConfirmation).toMatchObject({ method: 'sms_code', confirmedAt: null });
    expect(new Date(order.codConfirmation.confirmBy).getTime() - new Date(order.createdAt).getTime()).toBe(6 * 3_600_000);
    const sms = await latestSms('cod-confirm-code', `+91${asha.mobile}`);
    const code = /code (\d{6})/.exec(sms?.bodyText ?? '')?.[1];
    expect(code, sms?.bodyText).toBeDefined();

    expectRefusal(await move(order._id, 'confirmed'), 409, 'cod_not_confirmed');
    const url = `/api/user/order/${order._id}/cod-confirmation`;
    expectRefusal(await call(app, 'POST', url, asha, { code: '12x' }), 400, 'validation_failed', { code: 'cod_code_invalid' });
    const wrong = code === '000000' ? '000001' : '000000';
    expectRefusal(await call(app, 'POST', url, asha, { code: wrong }), 400, 'cod_code_wrong', { code: 'cod_code_wrong' });
    // Someone else's order is not found, whatever the code.
    const ravi = await customer(ctx);
    expectRefusal(await call(app, 'POST', url, ravi, { code }), 404, 'order_not_found');

    const confirmed = await call(app, 'POST', url, asha, { code });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().codConfirmation.confirmedAt).toEqual(expect.any(String));
    expectRefusal(await call(app, 'POST', url, asha, { code }), 409, 'cod_confirmation_closed');
    expect((await move(order._id, 'confirmed')).statusCode).toBe(200);
    // Confirmed, the expiry passes it by.
    expect(await app.cod.expire(new Date(Date.now() + 7 * 3_600_000))).toBe(0);
  });

  it('SMS code: after 5 wrong codes the code stops working (409 cod_code_locked)', async () => {
    await setCod({ confirmation: 'sms_code' });
    const asha = await customer(ctx);
    const order = (await place(asha, [{ productId: (await product(ctx)).id, quantity: 1 }])).json();
    const code = /code (\d{6})/.exec((await latestSms('cod-confirm-code', `+91${asha.mobile}`))?.bodyText ?? '')![1]!;
    const wrong = code === '000000' ? '000001' : '000000';
    const url = `/api/user/order/${order._id}/cod-confirmation`;
    for (let i = 0; i < 4; i++) expectRefusal(await call(app, 'POST', url, asha, { code: wrong }), 400, 'cod_code_wrong');
    expectRefusal(await call(app, 'POST', url, asha, { code: wrong }), 409, 'cod_code_locked');
    expectRefusal(await call(app, 'POST', url, asha, { code }), 409, 'cod_code_locked');
  });

  it('link: a signed-out visitor confirms with the token once; a second use or a bad token is refused', async () => {
    await setCod({ confirmation: 'link' });
    const asha = await customer(ctx);
    const order = (await place(asha, [{ productId: (await product(ctx)).id, quantity: 1 }])).json();
    expect(order.codConfirmation).toMatchObject({ method: 'link', confirmedAt: null });
    const sms = await latestSms('cod-confirm-link', `+91${asha.mobile}`);
    const token = /\/order\/confirm-cod\?token=([A-Za-z0-9_-]+)/.exec(sms?.bodyText ?? '')?.[1];
    expect(token, sms?.bodyText).toBeDefined();
    expect(sms!.bodyText).toContain('http://localhost:3000/order/confirm-cod?token=');
    expectRefusal(await move(order._id, 'confirmed'), 409, 'cod_not_confirmed');

    expectRefusal(await call(app, 'POST', '/api/orders/cod-confirmation', undefined, { token: 'short' }), 400, 'validation_failed', {
      token: 'cod_link_invalid',
    });
    expectRefusal(await call(app, 'POST', '/api/orders/cod-confirmation', undefined, { token: 'A'.repeat(43) }), 400, 'cod_link_invalid', {
      token: 'cod_link_invalid',
    });
    const confirmed = await call(app, 'POST', '/api/orders/cod-confirmation', undefined, { token });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json()).toEqual({ number: order.number, confirmedAt: expect.any(String) });
    expectRefusal(await call(app, 'POST', '/api/orders/cod-confirmation', undefined, { token }), 409, 'cod_confirmation_closed');
    expect((await move(order._id, 'confirmed')).statusCode).toBe(200);
  });

  it('cancels unconfirmed orders after the set hours exactly once, returning stock and coupon; a late confirmation is refused', async () => {
    await setCod({ confirmation: 'link', confirmWithinHours: 2 });
    const asha = await customer(ctx);
    const lamp = await product(ctx, { stock: 10 });
    const off = await coupon(ctx, { type: 'fixed', value: 1_000 });
    const order = (await place(asha, [{ productId: lamp.id, quantity: 3 }], { couponCode: off.code })).json();
    const token = /token=([A-Za-z0-9_-]+)/.exec((await latestSms('cod-confirm-link', `+91${asha.mobile}`))?.bodyText ?? '')![1]!;
    expect(await stockOf(ctx, lamp.id)).toBe(7);
    expect(await usedCount(ctx, off.id)).toBe(1);

    // Not yet due.
    expect(await app.cod.expire(new Date(Date.now() + 3_600_000))).toBe(0);
    const later = new Date(Date.now() + 2 * 3_600_000 + 60_000);
    // Two passes at once (two API instances): one cancels.
    const passes = await Promise.all([app.cod.expire(later), app.cod.expire(later)]);
    expect(passes.reduce((sum, n) => sum + n, 0)).toBe(1);
    expect(await app.cod.expire(later)).toBe(0);
    expect(await stockOf(ctx, lamp.id)).toBe(10);
    expect(await usedCount(ctx, off.id)).toBe(0);
    const seen = (await call(app, 'GET', `/api/user/order/${order._id}`, asha)).json();
    expect(seen.status).toBe('cancelled');
    expect(seen.statusHistory.at(-1)).toMatchObject({ status: 'cancelled', actor: 'shop', note: 'Cash on delivery not confirmed in time' });
    expectRefusal(await call(app, 'POST', '/api/orders/cod-confirmation', undefined, { token }), 409, 'cod_confirmation_closed');
  });
});
