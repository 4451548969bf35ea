import { auditLog } from '@shop/db';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherApp } from '../auth/auth-helpers.ts';
import { engines, expectRefusal } from '../helpers.ts';
import { call, customer, product } from '../orders/order-helpers.ts';
import { adminContext, type AdminContext, callAs } from './admin-helpers.ts';

/**
 * Site settings in the back office (issue 7): admins only; every field validated with a message naming it (the
 * third-party ids exactly as the storefront checks them); the change, with its audit record, reaches the shop's
 * shell and the order's shipping at once although both are cached.
 */
describe.each(engines)('admin settings (%s)', (engine) => {
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
    analyticsId: 'G-ABCDE12345',
  };

  beforeAll(async () => {
    ctx = await adminContext(engine);
    // Another API process on the same database with the response cache on, as in production.
    cached = await anotherApp(ctx, { responseCacheSeconds: 30 });
  });
  afterAll(async () => {
    await cached?.close();
    await ctx?.close();
  });

  it('is for admins only: staff get 403 on read and write', async () => {
    expectRefusal(await callAs(ctx, 'staff', { method: 'GET', url: '/api/admin/settings' }), 403, 'forbidden');
    expectRefusal(await callAs(ctx, 'staff', { method: 'PUT', url: '/api/admin/settings', body: valid }), 403, 'forbidden');
    const read = await callAs(ctx, 'admin', { method: 'GET', url: '/api/admin/settings' });
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ name: 'Test Gift Shop', tollFreeNumber: '1800-000-000', freeShippingThreshold: 49_900 });
  });

  it.each([
    ['analyticsId', 'UA-12345-1', 'settings_analytics_id_invalid', 'Analytics id must look like G-ABCDE12345 (Google Analytics 4), or be empty'],
    ['analyticsId', "G-ABC');alert(1)//", 'settings_analytics_id_invalid', 'Analytics id must look like G-ABCDE12345 (Google Analytics 4), or be empty'],
    [
      'chatWidgetId',
      'not-a-widget',
      'settings_chat_widget_id_invalid',
      'Chat widget id must be "<property id>/<widget id>" as in the tawk.to embed code, or be empty',
    ],
    ['tollFreeNumber', 'call us', 'settings_toll_free_invalid', 'Enter a phone number of 8 to 15 digits (spaces, dashes and a leading + allowed)'],
    ['contactEmail', 'nobody', 'settings_email_invalid', 'Enter a valid email address'],
    ['logo', 'javascript:alert(1)', 'settings_logo_invalid', 'Logo must be an image uploaded to this shop (/api/media/…) or an https:// address'],
    ['shippingFee', -1, 'settings_money_invalid', 'Enter an amount from ₹0 to ₹1,00,00,000'],
    ['freeShippingThreshold', 1.5, 'settings_money_invalid', 'Enter an amount from ₹0 to ₹1,00,00,000'],
    ['name', '', 'admin_shop_name_required', 'Shop name is required'],
  ])('refuses %s = %j with a code and a message naming the field', async (field, value, code, message) => {
    const response = await callAs(ctx, 'admin', { method: 'PUT', url: '/api/admin/settings', body: { ...valid, [field]: value } });
    const body = expectRefusal(response, 400, 'validation_failed', { [field]: code });
    expect(body.errors?.[field]?.message).toBe(message);
  });

  it('saves, writes an audit record, and the shop (headers, checkout shipping) sees it at once with the cache on', async () => {
    const asha = await customer(ctx);
    const cheap = await product(ctx, { price: 30_000, mrp: 30_000 });
    const order = { items: [{ productId: cheap.id, variantId: null, quantity: 1 }], addressId: asha.addressId, paymentMethod: 'cod' };
    // Warm both caches: the shell's answer and the memoised shipping rules.
    expect((await call(cached, 'GET', '/api/headers')).json().site.tollFreeNumber).toBe('1800-000-000');
    const first = await call(cached, 'POST', '/api/user/order', asha, order);
    expect(first.statusCode, first.body).toBe(201);
    expect(first.json()).toMatchObject({ shipping: 15_000 });

    const chat = '0123456789abcdef01234567/1abcdefg';
    const saved = await callAs(
      ctx,
      'admin',
      { method: 'PUT', url: '/api/admin/settings', body: { ...valid, shippingFee: 9_900, freeShippingThreshold: 99_900, chatWidgetId: chat } },
      cached,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ tollFreeNumber: '1800-123-4567', shippingFee: 9_900, chatWidgetId: chat, analyticsId: 'G-ABCDE12345' });

    const headers = (await call(cached, 'GET', '/api/headers')).json();
    expect(headers.site).toMatchObject({
      tollFreeNumber: '1800-123-4567',
      contactEmail: 'help@example.test',
      shippingFee: 9_900,
      freeShippingThreshold: 99_900,
    });
    const second = await call(cached, 'POST', '/api/user/order', asha, order);
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json()).toMatchObject({ total: 30_000, shipping: 9_900, grandTotal: 39_900 });

    const [record] = await ctx.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'settings.update'), eq(auditLog.actorUserId, ctx.people.admin.userId)))
      .orderBy(desc(auditLog.at))
      .limit(1);
    expect(record).toMatchObject({ actorRole: 'admin', entityType: 'settings' });
    expect(record?.before).toMatchObject({ tollFreeNumber: '1800-000-000', shippingFee: 15_000 });
    expect(record?.after).toMatchObject({ tollFreeNumber: '1800-123-4567', shippingFee: 9_900 });

    // An empty id is "not set" (the storefront then falls back to its environment).
    const cleared = await callAs(ctx, 'admin', { method: 'PUT', url: '/api/admin/settings', body: { ...valid, analyticsId: '  ' } });
    expect(cleared.json()).toMatchObject({ analyticsId: null, chatWidgetId: null });
  });
});
