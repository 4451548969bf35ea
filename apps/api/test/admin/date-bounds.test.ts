import { coupons, products } from '@shop/db';
import type { ProductInput } from '@shop/domain/admin/products';
import { stringify } from 'csv-stringify/sync';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, expectRefusal } from '../helpers.ts';
import { adminContext, type AdminContext, callAs } from './admin-helpers.ts';

/**
 * Dates and times at the calendar's edges in the back office (decision 144): the filters of the orders, payments
 * and audit lists, and the date-times of products, coupons and the products CSV, take real dates in the years 2000 to
 * 2999 and refuse anything else with 400 and the field's code. Before, year 9999 or 0 reached the database as an
 * instant it could not hold (a 500, or a CSV cut off after its header) and 2026-02-31 was read as 3 March.
 */

const EDGES = ['9999-12-31', '0000-01-01', '1999-12-31', '3000-01-01', '2026-02-31', '2026-13-45'];
const TIMES = ['0000-01-01T00:00:00Z', '0001-01-01T00:00:00+05:30', '9999-12-31T23:59:59-05:00', '+275760-09-13T00:00:00.000Z', '2026-02-30T10:00:00Z'];

describe.each(engines)('back office: dates at the edges of the calendar (%s)', (engine) => {
  let ctx: AdminContext;
  beforeAll(async () => {
    ctx = await adminContext(engine);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const get = (url: string, who: 'staff' | 'admin' = 'staff') => callAs(ctx, who, { method: 'GET', url });
  const send = (method: 'POST' | 'PUT', url: string, body: unknown) => callAs(ctx, 'staff', { method, url, body });

  it('refuses orders and payments filters outside real dates of 2000-2999, naming the field; takes the range’s ends', async () => {
    for (const list of ['/api/admin/orders', '/api/admin/payments', '/api/admin/payments.csv']) {
      for (const day of EDGES) {
        for (const field of ['from', 'to']) {
          const response = await get(`${list}?${field}=${day}`);
          const body = expectRefusal(response, 400, 'validation_failed', { [field]: 'order_filter_date_invalid' });
          expect(body.message, `${list} ${field}=${day}`).toBe(`Invalid ${field}: Enter a date as YYYY-MM-DD`);
        }
      }
      const ends = await get(`${list}?from=2000-01-01&to=2999-12-31`);
      expect(ends.statusCode, `${list}: ${ends.body}`).toBe(200);
    }
    const csv = await get('/api/admin/payments.csv?from=2000-01-01&to=2999-12-31');
    expect(csv.body.split('\n')[0]).toContain('order_number');
  });

  it('refuses audit days outside real dates of 2000-2999 (2026-02-31 is not 3 March), each with its own code', async () => {
    for (const day of EDGES) {
      expectRefusal(await get(`/api/admin/audit?from=${day}`, 'admin'), 400, 'validation_failed', { from: 'audit_from_invalid' });
      expectRefusal(await get(`/api/admin/audit?to=${day}`, 'admin'), 400, 'validation_failed', { to: 'audit_to_invalid' });
    }
    const ends = await get('/api/admin/audit?from=2000-01-01&to=2999-12-31', 'admin');
    expect(ends.statusCode, ends.body).toBe(200);
  });

  it("refuses a product's flash sale end outside 2000-2999 on create and update, and stores nothing", async () => {
    const input = (flashSaleEndsAt: string | null, serial: string): ProductInput => ({
      name: `Edge Pen ${serial}`,
      slug: `edge-pen-${serial}`,
      description: 'A pen.',
      categoryId: ctx.fixtures.categories.keychains.id,
      brandId: null,
      price: 10_000,
      mrp: 10_000,
      stock: 1,
      cod: true,
      customizationType: null,
      mediaLimit: 1,
      hsnCode: '',
      gstRate: 1800,
      weightGrams: 10,
      tags: [],
      featured: false,
      flashSaleEndsAt,
      newArrival: false,
      unique: false,
      onSelling: false,
      published: false,
      variants: [],
    });
    const base = await send('POST', '/api/admin/products', input(null, 'base'));
    expect(base.statusCode, base.body).toBe(201);
    const id = base.json()._id as string;
    for (const [index, time] of TIMES.entries()) {
      expectRefusal(await send('POST', '/api/admin/products', input(time, `new-${index}`)), 400, 'validation_failed', {
        flashSaleEndsAt: 'date_time_invalid',
      });
      expectRefusal(await send('PUT', `/api/admin/products/${id}`, input(time, 'base')), 400, 'validation_failed', { flashSaleEndsAt: 'date_time_invalid' });
    }
    expect((await ctx.handle.db.select().from(products).where(eq(products.id, id)))[0]?.flashSaleEndsAt).toBeNull();
    expect((await ctx.handle.db.select().from(products).where(eq(products.slug, 'edge-pen-new-0'))).length).toBe(0);
    const fine = await send('POST', '/api/admin/products', input('2999-12-31T23:59:59-05:00', 'fine'));
    expect(fine.statusCode, fine.body).toBe(201);
    expect(fine.json().flashSaleEndsAt).toBe('3000-01-01T04:59:59.000Z');
  });

  it("refuses a coupon's start or end outside 2000-2999 on create and update", async () => {
    const base = { code: 'EDGE10', type: 'percent', value: 10 };
    const created = await send('POST', '/api/admin/coupons', { ...base, startsAt: '2026-01-01T00:00:00+05:30', endsAt: '2999-12-31T23:59:59Z' });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json()._id as string;
    for (const time of TIMES) {
      for (const field of ['startsAt', 'endsAt']) {
        expectRefusal(await send('POST', '/api/admin/coupons', { ...base, code: 'EDGE20', [field]: time }), 400, 'validation_failed', {
          [field]: 'coupon_date_invalid',
        });
        expectRefusal(await send('PUT', `/api/admin/coupons/${id}`, { ...base, [field]: time }), 400, 'validation_failed', { [field]: 'coupon_date_invalid' });
      }
    }
    expect(await ctx.handle.db.select().from(coupons).where(eq(coupons.code, 'EDGE20'))).toHaveLength(0);
  });

  it('refuses a CSV flash sale end that is not an ISO 8601 date-time in 2000-2999, by row and column, even in a dry run', async () => {
    const header = ['slug', 'name', 'category', 'price', 'mrp', 'stock', 'flash_sale_ends_at'];
    const cells = ['0000-01-01T00:00:00Z', '9999-12-31T23:59:59-05:00', '1', '12', 'Dec 25', '2026-02-30T00:00:00Z', '2026-12-31'];
    const csv = stringify([header, ...cells.map((cell, index) => [`edge-import-${index}`, 'Edge', 'lamps', '100', '100', '1', cell])]);
    for (const dryRun of [true, false]) {
      const response = await send('POST', '/api/admin/products/import', { csv, dryRun });
      const body = expectRefusal(response, 400, 'import_problems');
      expect((body as unknown as { rows: unknown[] }).rows).toEqual(
        cells.map((_, index) => ({
          row: index + 2,
          column: 'flash_sale_ends_at',
          code: 'import_date_time',
          message: 'must be a date and time such as 2026-12-31T18:30:00Z',
        })),
      );
    }
    const fine = stringify([header, ['edge-import-fine', 'Edge', 'lamps', '100', '100', '1', '2026-12-31T18:30:00+05:30']]);
    const imported = await send('POST', '/api/admin/products/import', { csv: fine });
    expect(imported.statusCode, imported.body).toBe(200);
    const [row] = await ctx.handle.db.select().from(products).where(eq(products.slug, 'edge-import-fine'));
    expect(row?.flashSaleEndsAt?.toISOString()).toBe('2026-12-31T13:00:00.000Z');
  });
});
