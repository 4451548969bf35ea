import { auditLog } from '@shop/db';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherApp } from '../auth/auth-helpers.ts';
import { engines, expectRefusal } from '../helpers.ts';
import { call, customer, product } from '../orders/order-helpers.ts';
import { adminContext, type AdminContext, callAs } from '../admin/admin-helpers.ts';

/**
 * The COD controls in the back office's settings (issue 20, decision 065): admins save them with the other settings,
 * each field validated with a code naming it, left alone when a save leaves them out, audited, and used by the next
 * checkout at once although the settings are memoised.
 */
describe.each(engines)('COD settings (%s)', (engine) => {
  let ctx: AdminContext;
  let cached: FastifyInstance;
  const valid = {
    name: 'Test Gift Shop',
    description: 'Handmade and personalised gifts',
    logo: '/api/media/logo.svg',
    tollFreeNumber: '1800-123-4567',
    contactEmail: 'help@example.test',
    freeShippingThreshold: 49_900,
    shippingFee: 15_000,
    chatWidgetId: '',
    analyticsId: '',
  };
  const cod = {
    fee: 4_900,
    maxOrderValue: 2_000_000,
    blockedPincodes: ['560001', ' 110001', '560001'],
    maxOpenOrders: 2,
    prepaidDiscount: { percent: 5, cap: 10_000 },
    confirmation: 'sms_code',
    confirmWithinHours: 12,
  };
  const put = (body: unknown, app?: FastifyInstance) => callAs(ctx, 'admin', { method: 'PUT', url: '/api/admin/settings', body }, app);

  beforeAll(async () => {
    ctx = await adminContext(engine);
    cached = await anotherApp(ctx, { responseCacheSeconds: 30 });
  });
  afterAll(async () => {
    await cached?.close();
    await ctx?.close();
  });

  it('reads the defaults of a shop that never saved them', async () => {
    const read = await callAs(ctx, 'admin', { method: 'GET', url: '/api/admin/settings' });
    expect(read.json().cod).toEqual({
      fee: 0,
      maxOrderValue: null,
      blockedPincodes: [],
      maxOpenOrders: null,
      prepaidDiscount: null,
      confirmation: 'off',
      confirmWithinHours: 24,
    });
  });

  it.each([
    ['fee', -1, 'cod.fee', 'settings_money_invalid'],
    ['maxOrderValue', 0, 'cod.maxOrderValue', 'settings_money_invalid'],
    ['blockedPincodes', ['560001', '05600'], 'cod.blockedPincodes.1', 'settings_pincode_invalid'],
    ['blockedPincodes', ['012345'], 'cod.blockedPincodes.0', 'settings_pincode_invalid'],
    ['maxOpenOrders', 0, 'cod.maxOpenOrders', 'settings_cod_open_orders_invalid'],
    ['prepaidDiscount', { percent: 60, cap: 100 }, 'cod.prepaidDiscount.percent', 'settings_prepaid_percent_invalid'],
    ['confirmation', 'whatsapp', 'cod.confirmation', 'settings_cod_confirmation_invalid'],
    ['confirmWithinHours', 0, 'cod.confirmWithinHours', 'settings_cod_hours_invalid'],
  ])('refuses %s = %j naming %s', async (field, value, path, code) => {
    const body = expectRefusal(await put({ ...valid, cod: { ...cod, [field]: value } }), 400, 'validation_failed', { [path]: code });
    expect(body.errors?.[path]?.message).toEqual(expect.any(String));
  });

  it('saves them (pincodes trimmed, once each, sorted), audits, keeps them when a save leaves them out, and checkout uses them at once', async () => {
    const asha = await customer(ctx);
    const lamp = await product(ctx, { price: 60_000 });
    const order = { items: [{ productId: lamp.id, variantId: null, quantity: 1 }], addressId: asha.addressId, paymentMethod: 'cod' };
    // Warm the memo of the other process.
    expect((await call(cached, 'GET', '/api/checkout/cod-terms')).json().fee).toBe(0);

    const saved = await put({ ...valid, cod }, cached);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().cod).toEqual({ ...cod, blockedPincodes: ['110001', '560001'] });
    expect((await call(cached, 'GET', '/api/checkout/cod-terms')).json()).toMatchObject({ fee: 4_900, blockedPincodes: ['110001', '560001'] });
    // Asha's address is in 560001: blocked now.
    expectRefusal(await call(cached, 'POST', '/api/user/order', asha, order), 422, 'cod_pincode_blocked');

    const [record] = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.actorUserId, ctx.people.admin.userId)))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect((record?.after as { cod: unknown }).cod).toMatchObject({ fee: 4_900, confirmation: 'sms_code' });

    const without = await put({ ...valid, shippingFee: 9_900 });
    expect(without.statusCode).toBe(200);
    expect(without.json().cod).toMatchObject({ fee: 4_900, blockedPincodes: ['110001', '560001'] });

    const opened = await put({ ...valid, cod: { ...cod, blockedPincodes: [], confirmation: 'off', prepaidDiscount: null } }, cached);
    expect(opened.statusCode).toBe(200);
    const placed = await call(cached, 'POST', '/api/user/order', asha, order);
    expect(placed.statusCode, placed.body).toBe(201);
    expect(placed.json()).toMatchObject({ codFee: 4_900, grandTotal: 64_900, codConfirmation: null });
  });
});
