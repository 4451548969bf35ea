import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authContext } from '../auth/auth-helpers.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { call, coupon, customer, product, roomyLimits, usedCount } from './order-helpers.ts';

/** POST /api/user/coupon and coupons on orders (issue 4): terms, dates, limits, and limits under concurrency. */

const day = 86_400_000;

describe.each(engines)('coupons (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let asha: Awaited<ReturnType<typeof customer>>;
  let item: Awaited<ReturnType<typeof product>>;

  const check = (who: { cookie: string }, body: unknown) => call(app, 'POST', '/api/user/coupon', who, body);
  const cart = (quantity = 1) => [{ productId: item.id, variantId: null, quantity }];
  const place = (who: Awaited<ReturnType<typeof customer>>, couponCode: string | undefined, quantity = 1) =>
    call(app, 'POST', '/api/user/order', who, { items: cart(quantity), addressId: who.addressId, paymentMethod: 'cod', couponCode });

  beforeAll(async () => {
    ctx = await authContext(engine, roomyLimits);
    app = ctx.app;
    asha = await customer(ctx);
    // ₹300 a unit, plenty in stock.
    item = await product(ctx, { price: 30_000, mrp: 40_000, stock: 10_000 });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("answers a coupon's terms and this cart's discount, priced by the server", async () => {
    const percent = await coupon(ctx, { type: 'percent', value: 10, maxUsesPerCustomer: null });
    const response = await check(asha, { code: percent.code.toLowerCase(), items: [{ ...cart(2)[0], price: 1 }] });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      code: percent.code,
      minimum: 0,
      discount: { type: 'percent', value: 10 },
      total: 60_000,
      amount: 6_000,
      applicable: true,
      message: null,
      endsAt: null,
    });

    // Below the minimum: still the coupon, with nothing off and what is missing.
    const flat = await coupon(ctx, { type: 'fixed', value: 10_000, minimum: 99_900, maxUsesPerCustomer: null });
    const below = await check(asha, { code: flat.code, items: cart(1) });
    expect(below.json()).toMatchObject({ total: 30_000, amount: 0, applicable: false, message: 'Add items worth ₹999 or more to use this coupon' });
    expect((await check(asha, { code: flat.code, items: cart(4) })).json()).toMatchObject({ total: 1_20_000, amount: 10_000, applicable: true });
  });

  it('refuses unknown, inactive, future and expired codes (422) and used-up ones (409), naming the field', async () => {
    const inactive = await coupon(ctx, { type: 'fixed', value: 100, active: false });
    const future = await coupon(ctx, { type: 'fixed', value: 100, startsAt: new Date(Date.now() + day) });
    const expired = await coupon(ctx, { type: 'fixed', value: 100, endsAt: new Date(Date.now() - day) });
    const usedUp = await coupon(ctx, { type: 'fixed', value: 100, maxUses: 3, usedCount: 3 });
    const cases: Array<[string, number, string, string]> = [
      ['NOSUCHCODE', 422, 'coupon_not_found', 'This coupon code is not valid'],
      [inactive.code, 422, 'coupon_not_found', 'This coupon code is not valid'],
      [future.code, 422, 'coupon_not_started', 'This coupon is not active yet'],
      [expired.code, 422, 'coupon_expired', 'This coupon has expired'],
      [usedUp.code, 409, 'coupon_used_up', 'This coupon has been fully used'],
    ];
    for (const [code, status, refusal, message] of cases) {
      const checked = await check(asha, { code, items: cart() });
      expectRefusal(checked, status, refusal, { code: refusal });
      expect(checked.json()).toEqual({ message, code: refusal, errors: { code: { code: refusal, message } } });
      const placed = await place(asha, code);
      expectRefusal(placed, status, refusal, { couponCode: refusal });
      expect(placed.json()).toEqual({ message, code: refusal, errors: { couponCode: { code: refusal, message } } });
    }
  });

  it('refuses bad coupon-check input with a 400 naming the field', async () => {
    for (const [body, field, code] of [
      [{ items: cart() }, 'code', 'coupon_code_invalid'],
      [{ code: '', items: cart() }, 'code', 'coupon_code_invalid'],
      [{ code: 'X'.repeat(41), items: cart() }, 'code', 'coupon_code_invalid'],
      [{ code: 'WELCOME10' }, 'items', 'order_lines_invalid'],
      [{ code: 'WELCOME10', items: [{ productId: item.id, quantity: 0 }] }, 'items.0.quantity', 'quantity_invalid'],
    ] as const) {
      const response = await check(asha, body);
      expectRefusal(response, 400, 'validation_failed', { [field]: code });
    }
    const tooLong = expectRefusal(await check(asha, { code: 'X'.repeat(41), items: cart() }), 400, 'validation_failed');
    expect(tooLong.errors?.code).toEqual({ code: 'coupon_code_invalid', message: 'Coupon code must be 1 to 40 characters', params: { max: 40 } });
  });

  it('takes the discount off the order; below the minimum the order is refused, not silently undiscounted', async () => {
    const flat = await coupon(ctx, { type: 'fixed', value: 10_000, minimum: 50_000, maxUsesPerCustomer: null });
    const below = await place(asha, flat.code, 1);
    const refusal = expectRefusal(below, 422, 'coupon_minimum_not_met', { couponCode: 'coupon_minimum_not_met' });
    expect(refusal).toMatchObject({ message: 'Add items worth ₹500 or more to use this coupon', params: { minimum: 50_000 } });
    expect(refusal.errors?.couponCode).toEqual({
      code: 'coupon_minimum_not_met',
      message: 'Add items worth ₹500 or more to use this coupon',
      params: { minimum: 50_000 },
    });
    const placed = await place(asha, ` ${flat.code.toLowerCase()} `, 2);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ total: 60_000, discount: 10_000, shipping: 0, grandTotal: 50_000, couponCode: flat.code });
    expect(await usedCount(ctx, flat.id)).toBe(1);
  });

  it('keeps a per-customer limit, and gives the use back when the order is cancelled', async () => {
    const once = await coupon(ctx, { type: 'percent', value: 5, maxUsesPerCustomer: 1 });
    const first = await place(asha, once.code);
    expect(first.statusCode).toBe(201);
    const second = await place(asha, once.code);
    expectRefusal(second, 409, 'coupon_used_by_you', { couponCode: 'coupon_used_by_you' });
    expect(second.json().message).toBe('You have already used this coupon');
    expectRefusal(await check(asha, { code: once.code, items: cart() }), 409, 'coupon_used_by_you', { code: 'coupon_used_by_you' });
    // Another customer still may.
    const ravi = await customer(ctx);
    expect((await place(ravi, once.code)).statusCode).toBe(201);

    await call(app, 'POST', `/api/user/order/${first.json()._id}/cancel`, asha);
    expect(await usedCount(ctx, once.id)).toBe(1);
    expect((await place(asha, once.code)).statusCode).toBe(201);
  });

  it('makes exactly one discounted order from 20 concurrent uses of a single-use coupon', async () => {
    const single = await coupon(ctx, { type: 'fixed', value: 5_000, maxUses: 1, maxUsesPerCustomer: null });
    const others = [asha, await customer(ctx), await customer(ctx), await customer(ctx)];
    const responses = await Promise.all(Array.from({ length: 20 }, (_, i) => place(others[i % others.length] as typeof asha, single.code)));
    const placed = responses.filter((response) => response.statusCode === 201);
    expect(placed).toHaveLength(1);
    expect(placed[0]?.json()).toMatchObject({ discount: 5_000, couponCode: single.code });
    for (const refused of responses.filter((response) => response.statusCode !== 201)) {
      expectRefusal(refused, 409, 'coupon_used_up', { couponCode: 'coupon_used_up' });
      expect(refused.json().message).toBe('This coupon has been fully used');
    }
    expect(await usedCount(ctx, single.id)).toBe(1);
  });

  it('holds the per-customer limit under concurrency too', async () => {
    const perCustomer = await coupon(ctx, { type: 'percent', value: 10, maxUsesPerCustomer: 2 });
    const responses = await Promise.all(Array.from({ length: 10 }, () => place(asha, perCustomer.code)));
    expect(responses.filter((response) => response.statusCode === 201)).toHaveLength(2);
    for (const refused of responses.filter((response) => response.statusCode !== 201)) expectRefusal(refused, 409, 'coupon_used_by_you');
    expect(await usedCount(ctx, perCustomer.id)).toBe(2);
  });
});
