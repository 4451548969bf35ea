import { brands, categories, type Database, products } from '@shop/db';
import { formatAttributes } from '@shop/domain/admin/products';
import { asc, eq, gt, and } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { csvColumns, gstPercent, rupees, yesNo } from './csv-columns.ts';
import { type AdminProductQuery, listConditions } from './list.ts';
import { variantsOf } from './view.ts';

const BATCH = 500;

/**
 * The products the list's filters match, as CSV (csv-columns.ts), read in batches by id so a large catalogue never
 * sits in memory at once; the header row first, with a byte-order mark so spreadsheets read UTF-8 (₹, names in
 * Hindi). Cells a spreadsheet would run as a formula (starting with = + - @) get a leading quote mark from
 * csv-stringify's `escape_formulas`; the import takes that mark off again, so an export imports unchanged.
 */
export async function* exportProductsCsv(db: Database, query: Omit<AdminProductQuery, 'page' | 'limit' | 'sort'>): AsyncGenerator<string> {
  yield stringify([csvColumns], { bom: true });
  let after: string | null = null;
  for (;;) {
    const filters = listConditions(query);
    const rows = await db
      .select({ product: products, categorySlug: categories.slug, brandSlug: brands.slug })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(and(...filters, ...(after ? [gt(products.id, after)] : [])))
      .orderBy(asc(products.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    after = rows[rows.length - 1]!.product.id;
    const variants = await variantsOf(
      db,
      rows.map((r) => r.product.id),
    );
    const records: string[][] = [];
    for (const { product: p, categorySlug, brandSlug } of rows) {
      const base: Record<string, string> = {
        slug: p.slug,
        name: p.name,
        category: categorySlug,
        brand: brandSlug ?? '',
        published: yesNo(p.published),
        description: p.description,
        cod: yesNo(p.cod),
        customization_type: p.customizationType ?? '',
        media_limit: String(p.mediaLimit),
        made_to_order_days: String(p.madeToOrderDays),
        hsn_code: p.hsnCode,
        gst_rate: gstPercent(p.gstRate),
        weight_grams: String(p.weightGrams),
        tags: (p.tags ?? []).join('|'),
        featured: yesNo(p.featured),
        flash_sale_ends_at: p.flashSaleEndsAt ? new Date(p.flashSaleEndsAt).toISOString() : '',
        new_arrival: yesNo(p.newArrival),
        unique: yesNo(p.isUnique),
        on_selling: yesNo(p.onSelling),
        images: (p.images ?? []).map((image) => image.original).join(' | '),
      };
      const own = variants.get(p.id) ?? [];
      const lines: Record<string, string>[] =
        own.length > 0
          ? own.map((v) => ({
              ...base,
              sku: v.sku,
              attributes: formatAttributes(v.attributes),
              price: rupees(v.price),
              mrp: rupees(v.mrp),
              stock: String(v.stock),
            }))
          : [{ ...base, sku: '', attributes: '', price: rupees(p.price), mrp: rupees(p.mrp), stock: String(p.stock) }];
      for (const line of lines) records.push(csvColumns.map((column) => line[column] ?? ''));
    }
    yield stringify(records, { escape_formulas: true });
    if (rows.length < BATCH) return;
  }
}
