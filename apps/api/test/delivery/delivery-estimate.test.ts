import { seedPincodes } from '@shop/db/pincodes/seed-pincodes';
import { estimateDelivery } from '@shop/domain/delivery/delivery-estimate';
import { DEFAULT_DELIVERY_SETTINGS } from '@shop/domain/delivery/delivery-settings';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productsChanged } from '../../src/lib/catalogue-change.ts';
import { rowsOf } from '../../src/lib/rows.ts';
import { engines, expectRefusal } from '../helpers.ts';
import { adminContext, type AdminContext, callAs } from '../admin/admin-helpers.ts';
import { anotherApp } from '../auth/auth-helpers.ts';

interface Estimate {
  pincode: string;
  serviceable: boolean;
  cod: boolean;
  city: string;
  state: string;
  earliest: string | null;
  latest: string | null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The delivery promise's API (issue 22, decision 080) on the seeded India Post directory: real pincodes answer with
 * their city, state and dates; bad ones are refused with a code; products' making and personalisation days count;
 * a cart's slowest line decides; a carrier's serviceability file changes what is promised.
 */
describe.each(engines)('delivery estimate (%s)', (engine) => {
  let ctx: AdminContext;
  const get = (query: string) => callAs(ctx, 'anonymous', { method: 'GET', url: `/api/delivery/estimate?${query}` });
  const estimate = async (query: string) => {
    const response = await get(query);
    expect(response.statusCode, response.body).toBe(200);
    return response.json<Estimate>();
  };

  beforeAll(async () => {
    ctx = await adminContext(engine);
    expect(await seedPincodes(ctx.handle.db)).toBeGreaterThan(19_000);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('seeds the directory once: a second start finds rows and writes none', async () => {
    expect(await seedPincodes(ctx.handle.db)).toBe(0);
  });

  it('answers for real pincodes with city, state and ISO dates, the north-east later than Bengaluru', async () => {
    const delhi = await estimate('pincode=110001');
    expect(delhi).toMatchObject({ pincode: '110001', serviceable: true, cod: true, city: 'Central Delhi', state: 'Delhi' });
    expect(delhi.earliest).toMatch(ISO_DATE);
    expect(delhi.latest! >= delhi.earliest!).toBe(true);
    const bengaluru = await estimate('pincode=560001');
    expect(bengaluru).toMatchObject({ city: 'Bangalore', state: 'Karnataka', serviceable: true });
    const shillong = await estimate('pincode=793001');
    expect(shillong).toMatchObject({ city: 'East Khasi Hills', state: 'Meghalaya', serviceable: true });
    expect(shillong.latest! > bengaluru.latest!).toBe(true);
    // The 2015 directory's Andhra Pradesh districts that are Telangana's today.
    expect(await estimate('pincode=500001')).toMatchObject({ city: 'Hyderabad', state: 'Telangana' });
  });

  it.each(['12', 'abcdef', '000000', '1100011', ' '])('refuses the pincode %j as not 6 digits', async (pincode) => {
    expectRefusal(await get(`pincode=${encodeURIComponent(pincode)}`), 400, 'delivery_pincode_invalid', { pincode: 'delivery_pincode_invalid' });
  });

  it('refuses a 6-digit pincode nobody knows', async () => {
    const body = expectRefusal(await get('pincode=999999'), 400, 'delivery_pincode_unknown', { pincode: 'delivery_pincode_unknown' });
    expect(body.params).toEqual({ pincode: '999999' });
  });

  it("counts a personalised product's extra days until its details are given, and a product's COD flag", async () => {
    const { photoKeychain, moonLamp, roseNecklace } = ctx.fixtures.products;
    const waiting = await estimate(`pincode=560001&productId=${photoKeychain!.id}`);
    const given = await estimate(`pincode=560001&productId=${photoKeychain!.id}&personalised=true`);
    expect(waiting.earliest! > given.earliest!).toBe(true);
    expect((await estimate(`pincode=560001&productId=${moonLamp!.id}`)).cod).toBe(true);
    expect((await estimate(`pincode=560001&productId=${roseNecklace!.id}`)).cod).toBe(false);
  });

  it('refuses a product that does not exist', async () => {
    expectRefusal(await get('pincode=560001&productId=00000000-0000-4000-8000-000000000000'), 404, 'product_not_found');
    expectRefusal(await get('pincode=560001&productId=not-a-product'), 404, 'product_not_found');
  });

  it('promises a cart by its slowest line', async () => {
    const { photoKeychain, moonLamp } = ctx.fixtures.products;
    const post = (lines: unknown) => callAs(ctx, 'anonymous', { method: 'POST', url: '/api/delivery/estimate', body: { pincode: '560001', lines } });
    const cart = await post([{ productId: moonLamp!.id }, { productId: photoKeychain!.id }]);
    const slowest = await post([{ productId: photoKeychain!.id }]);
    expect(cart.statusCode, cart.body).toBe(200);
    const { lines, ...order } = cart.json<Estimate & { lines: { productId: string; earliest: string; latest: string }[] }>();
    const { lines: _alone, ...slowestOrder } = slowest.json<Estimate & { lines: unknown[] }>();
    expect(order).toEqual(slowestOrder);
    // Each line's own promise, in the order asked: the lamp sooner, the keychain (personalisation pending) the order's.
    expect(lines.map((line) => line.productId)).toEqual([moonLamp!.id, photoKeychain!.id]);
    expect(lines[1]).toMatchObject({ earliest: order.earliest, latest: order.latest });
    expect(lines[0]!.latest < order.latest!).toBe(true);
    // The one-product answer is the same as the GET's, without lines.
    const one = await estimate(`pincode=560001&productId=${moonLamp!.id}`);
    expect(one).toMatchObject({ earliest: lines[0]!.earliest, latest: lines[0]!.latest });
    expect(one).not.toHaveProperty('lines');
    expectRefusal(
      await callAs(ctx, 'anonymous', { method: 'POST', url: '/api/delivery/estimate', body: { pincode: '5600', lines: [] } }),
      400,
      'delivery_pincode_invalid',
    );
  });

  it("keeps the shop's dispatch weekdays: at least one, stored, and used by the estimate", async () => {
    const read = await callAs(ctx, 'admin', { method: 'GET', url: '/api/admin/settings' });
    expect(read.statusCode, read.body).toBe(200);
    const { updatedAt: _updatedAt, ...settings } = read.json<Record<string, unknown> & { delivery: typeof DEFAULT_DELIVERY_SETTINGS }>();
    const body = (delivery: unknown) => ({ ...settings, chatWidgetId: settings.chatWidgetId ?? '', analyticsId: settings.analyticsId ?? '', delivery });
    const put = (delivery: unknown) => callAs(ctx, 'admin', { method: 'PUT', url: '/api/admin/settings', body: body(delivery) });
    expect(settings.delivery.dispatchWeekdays).toEqual([1, 2, 3, 4, 5, 6]);
    try {
      for (const [dispatchWeekdays, field] of [
        [[], 'delivery.dispatchWeekdays'],
        ['weekdays', 'delivery.dispatchWeekdays'],
        [[7], 'delivery.dispatchWeekdays.0'],
      ] as const) {
        expectRefusal(await put({ ...settings.delivery, dispatchWeekdays }), 400, 'validation_failed', { [field]: 'settings_delivery_weekdays_invalid' });
      }
      // Wednesdays only: the promise follows (compared with the domain's own count for the same instant).
      const wednesdays = { ...settings.delivery, dispatchWeekdays: [3], holidays: [] };
      const saved = await put(wednesdays);
      expect(saved.statusCode, saved.body).toBe(200);
      const stored = await callAs(ctx, 'admin', { method: 'GET', url: '/api/admin/settings' });
      expect(stored.json<{ delivery: { dispatchWeekdays: number[] } }>().delivery.dispatchWeekdays).toEqual([3]);
      const { moonLamp } = ctx.fixtures.products;
      const rows = rowsOf<{ days: number }>(await ctx.handle.db.execute(sql`select made_to_order_days as days from products where id = ${moonLamp!.id}`));
      const line = { madeToOrderDays: Number(rows[0]!.days), personalisationPending: false };
      const now = new Date();
      const answer = await estimate(`pincode=560001&productId=${moonLamp!.id}`);
      const to = { city: answer.city, state: answer.state, transitDays: null };
      const expected = estimateDelivery(now, [line], to, wednesdays);
      expect({ earliest: answer.earliest, latest: answer.latest }).toEqual({ earliest: expected.earliest, latest: expected.latest });
      // Making days count Wednesdays only: later than a shop that dispatches every day.
      expect(answer.earliest! > estimateDelivery(now, [line], to, { ...wednesdays, dispatchWeekdays: [0, 1, 2, 3, 4, 5, 6] }).earliest).toBe(true);
    } finally {
      expect((await put(settings.delivery)).statusCode).toBe(200);
    }
  });

  it("keeps the shop's holidays as real dates only, and reads a stored impossible one as no holiday", async () => {
    const read = await callAs(ctx, 'admin', { method: 'GET', url: '/api/admin/settings' });
    const { updatedAt: _updatedAt, ...settings } = read.json<Record<string, unknown> & { delivery: typeof DEFAULT_DELIVERY_SETTINGS }>();
    const body = (delivery: unknown) => ({ ...settings, chatWidgetId: settings.chatWidgetId ?? '', analyticsId: settings.analyticsId ?? '', delivery });
    const put = (delivery: unknown) => callAs(ctx, 'admin', { method: 'PUT', url: '/api/admin/settings', body: body(delivery) });
    const delivery = () =>
      callAs(ctx, 'admin', { method: 'GET', url: '/api/admin/settings' }).then((r) => r.json<{ delivery: typeof DEFAULT_DELIVERY_SETTINGS }>().delivery);
    try {
      // Each was stored as it was (and never matched a day): month 13, day 0, 30 February, year 0 or 9999.
      for (const day of ['2026-13-45', '0000-00-00', '2026-02-30', '9999-12-31', '1999-12-31', '2026-1-5']) {
        expectRefusal(await put({ ...settings.delivery, holidays: ['2026-12-25', day] }), 400, 'validation_failed', {
          'delivery.holidays.1': 'settings_delivery_holiday_invalid',
        });
      }
      expect((await delivery()).holidays).toEqual(settings.delivery.holidays);
      const saved = await put({ ...settings.delivery, holidays: ['2028-02-29', '2026-12-25'] });
      expect(saved.statusCode, saved.body).toBe(200);
      expect((await delivery()).holidays).toEqual(['2026-12-25', '2028-02-29']);
      // A row written before dates were checked keeps its other settings; the impossible day is dropped.
      await ctx.handle.db.execute(
        sql`update site_settings set delivery_settings = jsonb_set(delivery_settings, '{holidays}', '["2026-12-25", "2026-02-30"]'::jsonb)`,
      );
      expect(await delivery()).toMatchObject({
        holidays: ['2026-12-25'],
        dispatchWeekdays: settings.delivery.dispatchWeekdays,
        cutoffHour: settings.delivery.cutoffHour,
      });
    } finally {
      expect((await put(settings.delivery)).statusCode).toBe(200);
    }
  });

  it('remembers pincodes and products with the response cache on, and forgets them in every process when a file is imported', async () => {
    // A second API process on the same database, with the cache on as in production: the import below runs on the
    // first one, and reaches this one through the invalidation's NOTIFY.
    const cached = await anotherApp(ctx, { responseCacheSeconds: 60 });
    try {
      // Its directory and products, loaded into memory before it answers (decisions 112 and 119).
      await cached.deliveryDirectory!.load();
      expect(cached.deliveryDirectory!.warm).toBe(true);
      const ask = async () => {
        const response = await callAs(ctx, 'anonymous', { method: 'GET', url: '/api/delivery/estimate?pincode=683101' }, cached);
        expect(response.statusCode, response.body).toBe(200);
        return response.json<Estimate>();
      };
      expect(await ask()).toMatchObject({ serviceable: true, state: 'Kerala' });
      await ctx.handle.db.execute(sql`update pincodes set serviceable = false where pincode = '683101'`);
      // Written behind the API's back: the remembered row still answers (for the cache window).
      expect(await ask()).toMatchObject({ serviceable: true });
      const imported = await callAs(ctx, 'admin', { method: 'POST', url: '/api/admin/delivery/serviceability', body: { csv: '683101,no,no,' } });
      expect(imported.statusCode, imported.body).toBe(200);
      // A change is coalesced for 250 ms, then the directory reloads (decision 119): seconds on a loaded machine.
      await expect.poll(async () => (await ask()).serviceable, { timeout: 10_000 }).toBe(false);
      await callAs(ctx, 'admin', { method: 'POST', url: '/api/admin/delivery/serviceability', body: { csv: '683101,yes,yes,' } });
      await expect.poll(async () => (await ask()).serviceable, { timeout: 10_000 }).toBe(true);
      // After the reload, answered from memory again, with the file's change.
      await expect.poll(() => cached.deliveryDirectory!.warm, { timeout: 10_000 }).toBe(true);
      expect(await ask()).toMatchObject({ serviceable: true, state: 'Kerala' });
      // A product taken off sale reaches the estimate, though the products are held in memory: a change that names no
      // product reloads them all within a moment (decision 119), one that names it (a save, a sell-out) at once.
      const { moonLamp } = ctx.fixtures.products;
      const lamp = () => callAs(ctx, 'anonymous', { method: 'GET', url: `/api/delivery/estimate?pincode=683101&productId=${moonLamp!.id}` }, cached);
      expect((await lamp()).statusCode).toBe(200);
      await ctx.handle.db.execute(sql`update products set published = false where id = ${moonLamp!.id}`);
      try {
        await ctx.app.responseCache.invalidate(undefined, { awaitStorefront: false });
        await expect.poll(async () => (await lamp()).statusCode, { timeout: 10_000 }).toBe(404);
      } finally {
        await ctx.handle.db.execute(sql`update products set published = true where id = ${moonLamp!.id}`);
        await ctx.app.responseCache.invalidate(undefined, { awaitStorefront: false });
      }
    } finally {
      await cached.close();
    }
  });

  it('answers a burst of 50 stock changes in another process with a couple of reloads of that product alone, ending with the last', async () => {
    // Started with the cache on, as in production: ready() (listen) waits until both tables are in memory.
    const cached = await anotherApp(ctx, { responseCacheSeconds: 60 });
    const { moonLamp } = ctx.fixtures.products;
    const url = `/api/delivery/estimate?pincode=560001&productId=${moonLamp!.id}`;
    const fromMemory = async () => {
      const response = await callAs(ctx, 'anonymous', { method: 'GET', url }, cached);
      expect(response.statusCode, response.body).toBe(200);
      return response.json<Estimate>();
    };
    // The API without the cache reads the database on every estimate: the answer to agree with.
    const fromDatabase = () => estimate(`pincode=560001&productId=${moonLamp!.id}`);
    const [lamp] = rowsOf<{ days: number }>(await ctx.handle.db.execute(sql`select made_to_order_days as days from products where id = ${moonLamp!.id}`));
    const madeBefore = lamp!.days;
    try {
      const directory = cached.deliveryDirectory!;
      expect(directory.warm).toBe(true);
      const first = await fromMemory();
      const before = { ...directory.reloads };
      const started = Date.now();
      for (let days = 1; days <= 50; days++) {
        await ctx.handle.db.execute(sql`update products set made_to_order_days = ${days} where id = ${moonLamp!.id}`);
        // What a sell-out does after its commit (orders/place-order.ts), here in the first process: the second hears
        // it by NOTIFY.
        await ctx.app.responseCache.invalidate(undefined, { awaitStorefront: false, changed: productsChanged([moonLamp!.id]) });
      }
      const burstMs = Date.now() - started;
      const last = await fromDatabase();
      expect(last.earliest! > first.earliest!).toBe(true);
      await expect.poll(fromMemory, { timeout: 10_000 }).toEqual(last);
      await directory.settle();
      expect(await fromMemory()).toEqual(last);
      const named = directory.reloads.namedProducts - before.namedProducts;
      // Changes within 250 ms of the first share a reload: a couple for the burst (one more for each 250 ms it lasted).
      expect(named, `${named} reloads for a burst of ${burstMs} ms`).toBeGreaterThanOrEqual(1);
      expect(named, `${named} reloads for a burst of ${burstMs} ms`).toBeLessThanOrEqual(2 + Math.floor(burstMs / 250));
      // Neither the directory nor every product was read again.
      expect(directory.reloads).toMatchObject({ pincodes: before.pincodes, products: before.products });
    } finally {
      await ctx.handle.db.execute(sql`update products set made_to_order_days = ${madeBefore} where id = ${moonLamp!.id}`);
      await ctx.app.responseCache.invalidate(undefined, { awaitStorefront: false, changed: productsChanged([moonLamp!.id]) });
      await cached.close();
    }
  });

  it("imports a carrier's serviceability file: unserviceable and no-COD pincodes, its transit days, line errors, admins only", async () => {
    const csv = 'pincode,prepaid,cod,zone\n793001,no,no,E\n560001,yes,no,3\n999999,yes,yes,A\n';
    const url = '/api/admin/delivery/serviceability';
    expect((await callAs(ctx, 'staff', { method: 'POST', url, body: { csv } })).statusCode).toBe(403);
    const imported = await callAs(ctx, 'admin', { method: 'POST', url, body: { csv } });
    expect(imported.statusCode, imported.body).toBe(200);
    expect(imported.json()).toEqual({ dryRun: false, rows: 3, updated: 2, serviceable: 1, cod: 0, switchedOff: 0, unknown: 1, unknownPincodes: ['999999'] });
    expect(await estimate('pincode=793001')).toMatchObject({ serviceable: false, cod: false, earliest: null, latest: null, state: 'Meghalaya' });
    const bengaluru = await estimate('pincode=560001');
    expect(bengaluru).toMatchObject({ serviceable: true, cod: false });
    expect(await estimate('pincode=110001')).toMatchObject({ serviceable: true, cod: true });

    // Every problem by row and column; nothing applied (110001's good line included).
    const bad = await callAs(ctx, 'admin', {
      method: 'POST',
      url,
      body: { csv: 'pincode,prepaid,cod,zone\n110001,no,no,1\n11001,maybe,yes,2\n560001,yes,yes,99\n110001,yes,yes\n12' },
    });
    const refused = expectRefusal(bad, 400, 'import_problems');
    expect(refused.params).toEqual({ count: 5 });
    expect(bad.json<{ rows: { row: number; column: string; code: string }[] }>().rows.map(({ row, column, code }) => [row, column, code])).toEqual([
      [3, 'pincode', 'delivery_pincode_invalid'],
      [3, 'prepaid', 'import_yes_no'],
      [4, 'zone', 'delivery_csv_zone'],
      [5, 'pincode', 'admin_appears_twice'],
      [6, '', 'delivery_csv_invalid'],
    ]);
    expect(await estimate('pincode=110001')).toMatchObject({ serviceable: true });
    expectRefusal(await callAs(ctx, 'admin', { method: 'POST', url, body: { csv: 'pincode,prepaid,cod,zone\n' } }), 400, 'import_row_problem');

    // A preview counts what a replace would do and changes nothing.
    const preview = await callAs(ctx, 'admin', { method: 'POST', url, body: { csv: '110001,yes,yes,1', mode: 'replace', dryRun: true } });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json<{ switchedOff: number }>().switchedOff).toBeGreaterThan(18_000);
    expect(preview.json()).toMatchObject({ dryRun: true, rows: 1, updated: 1, serviceable: 1, cod: 1 });
    expect(await estimate('pincode=560001')).toMatchObject({ serviceable: true });

    const replaced = await callAs(ctx, 'admin', { method: 'POST', url, body: { csv: '110001,yes,yes,1', mode: 'replace' } });
    expect(replaced.json()).toMatchObject({ updated: 1, unknown: 0, switchedOff: preview.json<{ switchedOff: number }>().switchedOff });
    expect(await estimate('pincode=560001')).toMatchObject({ serviceable: false });
    const delhi = await estimate('pincode=110001');
    expect(delhi).toMatchObject({ serviceable: true, cod: true });
  });
});
