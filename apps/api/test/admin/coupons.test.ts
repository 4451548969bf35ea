import { auditLog } from '@shop/db';
import { refusalMessage } from '@shop/domain/refusals/index';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, expectRefusal } from '../helpers.ts';
import { call, customer, product } from '../orders/order-helpers.ts';
import { adminContext, type AdminContext, callAs } from './admin-helpers.ts';

/** Back office, coupons (issue 4's table, issue 7's screens): rules, uses so far, and the cart's coupon check. */
describe.each(engines)('admin coupons (%s)', (engine) => {
  let ctx: AdminContext;
  const staff = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => callAs(ctx, 'staff', { method, url, body });
  const base = { code: 'DIWALI15', type: 'percent', value: 15, minimum: 50_000 };

  beforeAll(async () => {
    ctx = await adminContext(engine);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('creates a coupon (code upper-cased) that the cart check then accepts; audit row', async () => {
    const created = await staff('POST', '/api/admin/coupons', { ...base, code: 'diwali15', description: 'Festival' });
    expect(created.statusCode, created.body).toBe(201);
    const coupon = created.json();
    expect(coupon).toMatchObject({
      code: 'DIWALI15',
      type: 'percent',
      value: 15,
      minimum: 50_000,
      usedCount: 0,
      maxUsesPerCustomer: 1,
      maxUses: null,
      active: true,
    });
    const [record] = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'coupon.create'), eq(auditLog.entityId, coupon._id)));
    expect(record).toMatchObject({ actorRole: 'staff', before: null });

    const asha = await customer(ctx);
    const lamp = await product(ctx, { price: 60_000, mrp: 60_000 });
    const check = await call(ctx.app, 'POST', '/api/user/coupon', asha, { code: 'diwali15', items: [{ productId: lamp.id, variantId: null, quantity: 1 }] });
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json()).toMatchObject({ code: 'DIWALI15', applicable: true, amount: 9_000 });

    // Made inactive, the same code is refused at once.
    const off = await staff('PUT', `/api/admin/coupons/${coupon._id}`, { ...base, active: false });
    expect(off.statusCode, off.body).toBe(200);
    const refused = await call(ctx.app, 'POST', '/api/user/coupon', asha, { code: 'DIWALI15', items: [{ productId: lamp.id, variantId: null, quantity: 1 }] });
    expect(refused.statusCode).toBe(422);
  });

  it.each([
    [{ ...base, code: 'no' }, 'code', 'coupon_code_format', 'Code must be 3 to 30 capital letters, digits, dashes or underscores'],
    [{ ...base, value: 101 }, 'value', 'coupon_percent_invalid', 'Percent must be a whole number from 1 to 100'],
    [{ ...base, type: 'fixed', value: 0 }, 'value', 'coupon_amount_invalid', 'Amount must be more than ₹0'],
    [{ ...base, minimum: -1 }, 'minimum', 'admin_money_invalid', 'Enter an amount in rupees (up to 2 decimals)'],
    [{ ...base, maxUses: 0 }, 'maxUses', 'coupon_uses_invalid', 'Enter a whole number of 1 or more, or leave empty for no limit'],
    [{ ...base, startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-11-01T00:00:00Z' }, 'endsAt', 'coupon_dates_order', 'The end must be after the start'],
    [{ ...base, endsAt: 'tomorrow' }, 'endsAt', 'coupon_date_invalid', 'Enter a valid date and time'],
    [{ ...base, type: 'bogo' }, 'type', 'coupon_type_invalid', 'Choose a fixed amount or a percent'],
  ])('refuses %j naming %s', async (body, field, code, message) => {
    const response = await staff('POST', '/api/admin/coupons', body);
    expect(expectRefusal(response, 400, 'validation_failed', { [field]: code }).errors?.[field]?.message).toBe(message);
  });

  it('409 for a code that exists; lists with search and uses so far; a used coupon cannot be deleted nor limited below its uses', async () => {
    const dup = await staff('POST', '/api/admin/coupons', { ...base, code: 'DIWALI15' });
    expect(expectRefusal(dup, 409, 'coupon_code_taken', { code: 'coupon_code_taken' }).message).toBe('This coupon code already exists');

    const flat = (await staff('POST', '/api/admin/coupons', { code: 'FLAT50', type: 'fixed', value: 5_000, maxUses: 10 })).json();
    const list = (await staff('GET', '/api/admin/coupons?q=flat')).json();
    expect(list).toMatchObject({ total: 1, page: 1, hasMore: false });
    expect(list.data[0]).toMatchObject({ code: 'FLAT50', usedCount: 0, maxUses: 10 });

    const asha = await customer(ctx);
    const lamp = await product(ctx, { price: 60_000, mrp: 60_000 });
    const placed = await call(ctx.app, 'POST', '/api/user/order', asha, {
      items: [{ productId: lamp.id, variantId: null, quantity: 1 }],
      addressId: asha.addressId,
      paymentMethod: 'cod',
      couponCode: 'FLAT50',
    });
    expect(placed.statusCode, placed.body).toBe(201);
    expect((await staff('GET', `/api/admin/coupons/${flat._id}`)).json()).toMatchObject({ usedCount: 1 });

    const below = await staff('PUT', `/api/admin/coupons/${flat._id}`, { code: 'FLAT50', type: 'fixed', value: 5_000, maxUses: 0 });
    expectRefusal(below, 400, 'validation_failed', { maxUses: 'coupon_uses_invalid' });
    const deleted = expectRefusal(await staff('DELETE', `/api/admin/coupons/${flat._id}`), 409, 'coupon_in_use');
    expect(deleted).toMatchObject({ message: 'This coupon has been used in 1 order: make it inactive instead of deleting it', params: { used: 1 } });
    expect(deleted.message).toBe(refusalMessage('coupon_in_use', { used: 1 }));

    const unused = (await staff('POST', '/api/admin/coupons', { code: 'GONE10', type: 'percent', value: 10 })).json();
    expect((await staff('DELETE', `/api/admin/coupons/${unused._id}`)).statusCode).toBe(204);
    expectRefusal(await staff('GET', `/api/admin/coupons/${unused._id}`), 404, 'admin_coupon_not_found');
  });
});
