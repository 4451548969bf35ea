import { auditLog, products, productVariants } from '@shop/db';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, expectRefusal } from '../helpers.ts';
import { adminContext, type AdminContext, callAs } from './admin-helpers.ts';

type ImportRefused = ReturnType<typeof expectRefusal> & {
  rows: { row: number; column: string; code: string; message: string; params?: Record<string, unknown> }[];
};
/** A refused import: the coded refusal with every problem by row and column beside it. */
const refusedImport = (response: Parameters<typeof expectRefusal>[0], code: string, fields: Record<string, string> = {}) =>
  expectRefusal(response, 400, code, fields) as ImportRefused;

describe.each(engines)('back office: products CSV (%s)', (engine) => {
  let ctx: AdminContext;
  beforeAll(async () => {
    ctx = await adminContext(engine);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const exportCsv = async (query = '') => {
    const response = await callAs(ctx, 'staff', { method: 'GET', url: `/api/admin/products/export${query}` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(/^attachment; filename="products-\d{4}-\d{2}-\d{2}\.csv"$/);
    return response.body;
  };
  const importCsv = (csv: string, dryRun?: boolean) =>
    callAs(ctx, 'staff', { method: 'POST', url: '/api/admin/products/import', body: { csv, ...(dryRun ? { dryRun } : {}) } });
  /** Everything an import may change, in a stable order, without the timestamps. */
  const snapshot = async () => {
    const rows = await ctx.handle.db.select().from(products).orderBy(asc(products.slug));
    const variants = await ctx.handle.db.select().from(productVariants).orderBy(asc(productVariants.sku));
    return {
      products: rows.map(({ updatedAt: _u, searchVector: _s, ...rest }) => ({ ...rest, attributeValues: [...rest.attributeValues].sort() })),
      variants: variants.map(({ updatedAt: _u, ...rest }) => rest),
    };
  };

  it('exports one row per variant, and the export imports back unchanged', async () => {
    const csv = await exportCsv();
    const records = parse(csv, { bom: true });
    const [header, ...rows] = records;
    expect(header!.slice(0, 10)).toEqual(['slug', 'name', 'category', 'brand', 'published', 'sku', 'attributes', 'price', 'mrp', 'stock']);
    const variantCount = (await ctx.handle.db.select().from(productVariants)).length;
    const plain = (await ctx.handle.db.select().from(products)).filter((p) => p.attributeValues.length === 0).length;
    expect(rows.length).toBeGreaterThanOrEqual(variantCount);
    expect(rows.length).toBeLessThanOrEqual(variantCount + plain);
    const moon = rows.find((r) => r[0] === ctx.fixtures.products.moonLamp!.slug)!;
    expect(moon.slice(7, 10)).toEqual(['999', '1499', '3']);

    const before = await snapshot();
    const response = await importCsv(csv);
    expect(response.statusCode, response.body).toBe(200);
    const result = response.json();
    expect(result).toMatchObject({ dryRun: false, rows: rows.length, created: [] });
    expect(result.updated).toHaveLength(before.products.length);
    expect(await snapshot()).toEqual(before);
  });

  it('filters the export like the list', async () => {
    const csv = await exportCsv(`?category=${ctx.fixtures.categories.lamps.id}`);
    const rows = parse(csv, { bom: true }).slice(1);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r[2]))).toEqual(new Set([ctx.fixtures.categories.lamps.slug]));
  });

  it('creates and updates from a file, matching by slug, or by SKU when the slug is new', async () => {
    const header = ['slug', 'name', 'category', 'sku', 'attributes', 'price', 'mrp', 'stock', 'gst_rate', 'customization_type', 'media_limit', 'tags'];
    const csv = stringify([
      header,
      ['photo-frame-import', 'Photo Frame', 'lamps', 'PF-IMP-S', 'Size=Small', '499', '599', '5', '12', 'both', '2', 'frame|photo'],
      ['photo-frame-import', '', '', 'PF-IMP-L', 'Size=Large', '799.50', '999', '2', '', '', '', ''],
      ['candle-import', 'Soy Candle', 'lamps', '', '', '₹1,299', '1299', '7', '5', '', '1', ''],
    ]);
    const dry = await importCsv(csv, true);
    expect(dry.json()).toMatchObject({ dryRun: true, rows: 3, created: ['photo-frame-import', 'candle-import'], updated: [] });
    expect(await ctx.handle.db.select().from(products).where(eq(products.slug, 'candle-import'))).toHaveLength(0);

    const response = await importCsv(csv);
    expect(response.statusCode, response.body).toBe(200);
    const [frame] = await ctx.handle.db.select().from(products).where(eq(products.slug, 'photo-frame-import'));
    expect(frame).toMatchObject({
      name: 'Photo Frame',
      price: 49_900,
      mrp: 59_900,
      stock: 7,
      gstRate: 1200,
      customizationType: 'both',
      mediaLimit: 2,
      tags: ['frame', 'photo'],
    });
    const [candle] = await ctx.handle.db.select().from(products).where(eq(products.slug, 'candle-import'));
    expect(candle).toMatchObject({ price: 129_900, mrp: 129_900, stock: 7, gstRate: 500, customizationType: null, madeToOrderDays: 2 });
    const imports = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.action, 'product.import'));
    expect(imports.at(-1)!.after).toMatchObject({ rows: 3, created: ['photo-frame-import', 'candle-import'] });
    // Making days (issue 22): a column of their own, exported and imported; a file without it keeps the product's.
    const making = await importCsv(
      stringify([
        ['slug', 'name', 'category', 'price', 'mrp', 'stock', 'made_to_order_days'],
        ['candle-import', 'Soy Candle', 'lamps', '1299', '1299', '7', '6'],
      ]),
    );
    expect(making.statusCode, making.body).toBe(200);
    expect((await ctx.handle.db.select().from(products).where(eq(products.slug, 'candle-import')))[0]!.madeToOrderDays).toBe(6);
    const tooLong = await importCsv(
      stringify([
        ['slug', 'name', 'category', 'price', 'mrp', 'stock', 'made_to_order_days'],
        ['candle-import', 'Soy Candle', 'lamps', '1299', '1299', '7', '61'],
      ]),
    );
    expect(tooLong.json<{ rows: { row: number; column: string; code: string }[] }>().rows).toMatchObject([
      { row: 2, column: 'made_to_order_days', code: 'product_making_days_invalid' },
    ]);
    const exported = parse<Record<string, string>>(await exportCsv(`?q=${encodeURIComponent('Soy Candle')}`), { bom: true, columns: true });
    expect(exported.find((line) => line.slug === 'candle-import')?.made_to_order_days).toBe('6');

    // A new slug with a known SKU renames that product; stock changes, the other variant goes.
    const renamed = await importCsv(
      stringify([header, ['photo-frame-classic', 'Classic Photo Frame', 'lamps', 'PF-IMP-L', 'Size=Large', '799.50', '999', '9', '12', 'both', '2', 'frame']]),
    );
    expect(renamed.json()).toMatchObject({ updated: ['photo-frame-classic'] });
    const [after] = await ctx.handle.db.select().from(products).where(eq(products.id, frame!.id));
    expect(after).toMatchObject({ slug: 'photo-frame-classic', price: 79_950, stock: 9 });
    expect((await ctx.handle.db.select().from(productVariants).where(eq(productVariants.productId, frame!.id))).map((v) => v.sku)).toEqual(['PF-IMP-L']);
  });

  it('writes nothing when any row is wrong, and lists every problem by row and column', async () => {
    const before = await snapshot();
    const csv = stringify([
      ['slug', 'name', 'category', 'sku', 'attributes', 'price', 'mrp', 'stock', 'cod', 'gst_rate'],
      ['good-new-product', 'Good Product', 'lamps', '', '', '100', '100', '1', 'yes', '18'],
      [ctx.fixtures.products.moonLamp!.slug, 'Moon Lamp', 'lamps', '', '', '1000', '1500', '4', 'yes', '18'],
      ['bad-product', 'Bad Product', 'no-such-category', '', '', 'abc', '100', '-1', 'maybe', '7'],
      ['cheap-product', 'Cheap', 'lamps', '', '', '500', '100', '1', 'no', '0'],
    ]);
    const response = await importCsv(csv);
    const body = refusedImport(response, 'import_problems', { 'row 4, price': 'import_money', 'row 5, mrp': 'mrp_below_price' });
    expect(body.message).toBe('Nothing was imported: 6 problems in the file');
    expect(body.params).toEqual({ count: 6 });
    expect(body.rows).toEqual([
      { row: 4, column: 'category', code: 'import_category_unknown', message: 'no category has this slug' },
      { row: 4, column: 'cod', code: 'import_yes_no', message: 'must be yes or no' },
      { row: 4, column: 'gst_rate', code: 'import_gst_rate', message: 'must be a percentage: 0, 0.25, 3, 5, 12, 18 or 28' },
      { row: 4, column: 'price', code: 'import_money', message: 'must be an amount in rupees with at most two decimals, e.g. 1299.50' },
      { row: 4, column: 'stock', code: 'product_whole_number', message: 'must be a whole number' },
      { row: 5, column: 'mrp', code: 'mrp_below_price', message: 'must be at least the price' },
    ]);
    expect(body.errors).toMatchObject({
      'row 4, price': { message: 'must be an amount in rupees with at most two decimals, e.g. 1299.50' },
      'row 5, mrp': { message: 'must be at least the price' },
    });
    expect(await snapshot()).toEqual(before);
  });

  it('reports problems only the database finds (a SKU of another product) by row and column, and rolls back the rows before them', async () => {
    const before = await snapshot();
    const [taken] = await ctx.handle.db.select().from(productVariants).limit(1);
    const csv = stringify([
      ['slug', 'name', 'category', 'sku', 'attributes', 'price', 'mrp', 'stock'],
      ['first-fine-product', 'Fine', 'lamps', '', '', '100', '100', '1'],
      // The moon lamp (found by its slug) would take a SKU of another product.
      [ctx.fixtures.products.moonLamp!.slug, 'Moon Lamp', 'lamps', 'NEW-SKU-1', 'Size=S', '100', '100', '1'],
      [ctx.fixtures.products.moonLamp!.slug, '', '', taken!.sku, 'Size=M', '100', '100', '1'],
    ]);
    const response = await importCsv(csv);
    const body = refusedImport(response, 'import_problem', { 'row 4, sku': 'sku_taken' });
    expect(body).toMatchObject({
      message: 'Nothing was imported: row 4, column sku: is already used by another variant',
      params: { row: 4, column: 'sku', problem: 'is already used by another variant' },
      rows: [{ row: 4, column: 'sku', code: 'sku_taken', message: 'is already used by another variant' }],
    });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a header it does not know, and a file that is not CSV', async () => {
    const unknown = await importCsv('slug,name,colour\nx,y,z\n');
    expect(refusedImport(unknown, 'import_problems').rows).toEqual([
      { row: 1, column: 'category', code: 'import_column_missing', message: 'is missing from the header' },
      { row: 1, column: 'colour', code: 'import_unknown_column', message: 'is not a known column' },
      { row: 1, column: 'mrp', code: 'import_column_missing', message: 'is missing from the header' },
      { row: 1, column: 'price', code: 'import_column_missing', message: 'is missing from the header' },
      { row: 1, column: 'stock', code: 'import_column_missing', message: 'is missing from the header' },
    ]);
    const broken = await importCsv('slug,name,category,price,mrp,stock\n"unclosed,a,b,1,1,1\n');
    const brokenBody = refusedImport(broken, 'import_row_problem');
    expect(brokenBody.rows[0]).toMatchObject({ code: 'import_not_csv', message: expect.stringMatching(/^is not valid CSV/) });
    expect(brokenBody.message).toMatch(/^Nothing was imported: row \d+: is not valid CSV/);
    const tooMany = await importCsv(`slug,name,category,price,mrp,stock\n${'x,X,lamps,1,1,1\n'.repeat(2_001)}`);
    expect(refusedImport(tooMany, 'import_row_problem').rows).toEqual([
      { row: 2_002, column: '', code: 'import_too_many_rows', message: 'a file may have at most 2000 rows', params: { max: 2000 } },
    ]);
    const empty = await importCsv('');
    expect(expectRefusal(empty, 400, 'validation_failed', { csv: 'product_empty' }).errors).toEqual({
      csv: { code: 'product_empty', message: 'must not be empty' },
    });
  });
});
