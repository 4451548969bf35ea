import { brands, categories, type Database, products, productVariants } from '@shop/db';
import {
  type AdminProduct,
  DEFAULT_MAKING_DAYS,
  GST_RATES,
  type ImportResult,
  type ImportRowError,
  MAX_IMPORT_ROWS,
  parseAttributes,
  type ProductInput,
  productInputSchema,
  rupeesTextToPaise,
} from '@shop/domain/admin/products';
import { parseDateTime } from '@shop/domain/calendar-schemas';
import { issueRefusal } from '@shop/domain/field-errors';
import { type FieldRefusal, fieldRefusal as refusalOf } from '@shop/domain/refusals/index';
import { CsvError, parse } from 'csv-parse/sync';
import { inArray } from 'drizzle-orm';
import type { RequestUser } from '../../auth/request-user.ts';
import { recordAudit } from '../audit.ts';
import { type CsvColumn, csvColumns, fieldToColumn, requiredCsvColumns, variantCsvColumns } from './csv-columns.ts';
import { Refusal } from '../../lib/refusal.ts';
import { ImportRefusal } from './import-refusal.ts';
import { loadAdminProduct } from './view.ts';
import { saveProduct } from './write.ts';
import { releaseStockAlerts } from '../../stock-alerts/release-alerts.ts';

/* At most MAX_IMPORT_ROWS data rows: one transaction, about ten statements per product (2,000 rows of 1,000 products took 13-14 s on PostgreSQL on the shared test machine, decision 029). */

type Problem = (row: number, column: string, refusal: FieldRefusal) => void;

interface Row {
  /** As a spreadsheet numbers it: the header is row 1. */
  number: number;
  cells: Partial<Record<CsvColumn, string>>;
}

class DryRunDone extends Error {}

/** csv-stringify's `escape_formulas` wrote `'=…` for a cell starting with = + - @ (or tab, CR): take the mark off. */
const unescapeFormula = (cell: string) => (/^'[=+\-@\t\r]/.test(cell) ? cell.slice(1) : cell);

/**
 * Imports products from CSV (csv-columns.ts): every row is checked, the file's products are written in one
 * transaction (created, or updated when the slug, or else one of the SKUs, names an existing product; an existing
 * product's variants become exactly the file's rows), each with its audit record, and one record for the import.
 * Any problem in any row, found while reading or while writing, rolls everything back and is answered with every
 * problem by row and column. A dry run checks and writes the same way, then rolls back.
 */
export async function importProductsCsv(db: Database, actor: RequestUser, csv: string, dryRun: boolean): Promise<ImportResult> {
  const rows = readRows(csv);
  const problems: ImportRowError[] = [];
  const problem: Problem = (row, column, refusal) => problems.push({ row, column, ...refusal });

  const groups = new Map<string, Row[]>();
  for (const row of rows) {
    const slug = (row.cells.slug ?? '').trim().toLowerCase();
    if (!slug) {
      problem(row.number, 'slug', refusalOf('product_required'));
      continue;
    }
    const group = groups.get(slug) ?? [];
    group.push(row);
    groups.set(slug, group);
  }

  const want = (column: CsvColumn) => [...new Set(rows.map((r) => (r.cells[column] ?? '').trim()).filter(Boolean))];
  const categorySlugs = want('category');
  const brandSlugs = want('brand').map((s) => s.toLowerCase());
  const skus = want('sku');
  const [categoryRows, brandRows, productRows, variantRows] = await Promise.all([
    categorySlugs.length ? db.select({ id: categories.id, slug: categories.slug }).from(categories).where(inArray(categories.slug, categorySlugs)) : [],
    brandSlugs.length ? db.select({ id: brands.id, slug: brands.slug }).from(brands).where(inArray(brands.slug, brandSlugs)) : [],
    groups.size
      ? db
          .select({ id: products.id, slug: products.slug })
          .from(products)
          .where(inArray(products.slug, [...groups.keys()]))
      : [],
    skus.length
      ? db.select({ sku: productVariants.sku, productId: productVariants.productId }).from(productVariants).where(inArray(productVariants.sku, skus))
      : [],
  ]);
  const categoryBySlug = new Map(categoryRows.map((c) => [c.slug, c.id]));
  const brandBySlug = new Map(brandRows.map((b) => [b.slug, b.id]));
  const productBySlug = new Map(productRows.map((p) => [p.slug, p.id]));
  const productBySku = new Map(variantRows.map((v) => [v.sku, v.productId]));

  // Which existing product each group updates (slug first, then SKU), read before anything is written.
  const plans: { rows: Row[]; existing: AdminProduct | null }[] = [];
  for (const [slug, group] of groups) {
    let id = productBySlug.get(slug);
    if (!id) {
      const owners = new Set(group.map((r) => productBySku.get((r.cells.sku ?? '').trim())).filter((owner): owner is string => !!owner));
      if (owners.size > 1) {
        problem(group[0]!.number, 'sku', refusalOf('import_sku_owners'));
        continue;
      }
      id = [...owners][0];
    }
    plans.push({ rows: group, existing: id ? await loadAdminProduct(db, id) : null });
  }

  const inputs: { rows: Row[]; existing: AdminProduct | null; input: ProductInput }[] = [];
  for (const plan of plans) {
    const input = buildInput(plan.rows, plan.existing, { categoryBySlug, brandBySlug }, problem);
    if (input) inputs.push({ ...plan, input });
  }
  if (problems.length > 0) throw new ImportRefusal(problems);

  const result: ImportResult = { dryRun, rows: rows.length, created: [], updated: [] };
  try {
    await db.transaction(async (tx) => {
      const saved: string[] = [];
      for (const { rows: group, existing, input } of inputs) {
        try {
          const id = await saveProduct(tx, input, existing);
          saved.push(id);
          const after = await loadAdminProduct(tx, id);
          await recordAudit(tx, actor, {
            action: existing ? 'product.update' : 'product.create',
            entityType: 'product',
            entityId: id,
            before: existing,
            after,
          });
          (existing ? result.updated : result.created).push(input.slug);
        } catch (error) {
          if (!(error instanceof Refusal)) throw error;
          const refused = error.errors ?? { request: { code: error.code, message: error.message, ...(error.params ? { params: error.params } : {}) } };
          for (const [field, refusal] of Object.entries(refused)) {
            const { row, column } = locate(field, group);
            problem(row, column, refusal);
          }
        }
      }
      if (problems.length > 0) throw new ImportRefusal(problems);
      // Restocked by the file: the back-in-stock requests of those products get their message (issue 24), once.
      if (!dryRun) await releaseStockAlerts(tx, saved);
      await recordAudit(tx, actor, {
        action: 'product.import',
        entityType: 'product',
        entityId: null,
        after: { rows: rows.length, created: result.created, updated: result.updated },
      });
      if (dryRun) throw new DryRunDone();
    });
  } catch (error) {
    if (!(error instanceof DryRunDone)) throw error;
  }
  return result;
}

/** Rows of the file with their cells by column; a file that is not CSV, or a bad header, is refused here. */
function readRows(csv: string): Row[] {
  let records: string[][];
  try {
    records = parse(csv, { bom: true, skip_empty_lines: true, relax_column_count: true });
  } catch (error) {
    if (error instanceof CsvError) {
      const line = typeof error.lines === 'number' ? error.lines : 1;
      throw new ImportRefusal([{ row: line, column: '', ...refusalOf('import_not_csv', { detail: error.message }) }]);
    }
    throw error;
  }
  const [header, ...data] = records;
  if (!header) throw new ImportRefusal([{ row: 1, column: '', ...refusalOf('import_file_empty') }]);
  const problems: ImportRowError[] = [];
  const problem: Problem = (row, column, refusal) => problems.push({ row, column, ...refusal });
  const columns = header.map((cell) => cell.trim().toLowerCase());
  const seen = new Set<string>();
  columns.forEach((column) => {
    if (!(csvColumns as readonly string[]).includes(column)) problem(1, column, refusalOf('import_unknown_column'));
    else if (seen.has(column)) problem(1, column, refusalOf('admin_appears_twice'));
    seen.add(column);
  });
  for (const column of requiredCsvColumns) if (!seen.has(column)) problem(1, column, refusalOf('import_column_missing'));
  if (data.length === 0) problem(2, '', refusalOf('import_no_products'));
  if (data.length > MAX_IMPORT_ROWS) problem(MAX_IMPORT_ROWS + 2, '', refusalOf('import_too_many_rows'));
  if (problems.length > 0) throw new ImportRefusal(problems);

  const rows = data.map((record, index) => {
    const cells: Partial<Record<CsvColumn, string>> = {};
    columns.forEach((column, at) => {
      cells[column as CsvColumn] = unescapeFormula(record[at] ?? '');
    });
    if (record.length > columns.length && record.slice(columns.length).some((cell) => cell.trim() !== '')) {
      problem(index + 2, '', refusalOf('import_extra_cells'));
    }
    return { number: index + 2, cells };
  });
  if (problems.length > 0) throw new ImportRefusal(problems);
  return rows;
}

const truthy = new Set(['yes', 'y', 'true', '1']);
const falsy = new Set(['no', 'n', 'false', '0']);

/** One product's input from its rows, with the current product (or defaults) for columns the file leaves out. */
function buildInput(
  group: Row[],
  existing: AdminProduct | null,
  lookups: { categoryBySlug: Map<string, string>; brandBySlug: Map<string, string> },
  problem: Problem,
): ProductInput | null {
  const first = group[0]!;
  let found = 0;
  const count: Problem = (row, column, refusal) => {
    found++;
    problem(row, column, refusal);
  };
  // Product columns on later rows: empty, or the same as on the first row.
  for (const row of group.slice(1)) {
    for (const column of csvColumns) {
      if (variantCsvColumns.has(column) || column === 'slug' || column === 'images') continue;
      const cell = (row.cells[column] ?? '').trim();
      if (cell !== '' && cell !== (first.cells[column] ?? '').trim()) count(row.number, column, refusalOf('import_row_differs', { row: first.number }));
    }
  }
  const cell = (column: CsvColumn): string | undefined => {
    const value = first.cells[column];
    return value === undefined ? undefined : value.trim();
  };
  const bool = (column: CsvColumn, current: boolean): boolean => {
    const value = cell(column);
    if (value === undefined || value === '') return current;
    const lower = value.toLowerCase();
    if (truthy.has(lower)) return true;
    if (falsy.has(lower)) return false;
    count(first.number, column, refusalOf('import_yes_no'));
    return current;
  };
  const whole = (row: Row, column: CsvColumn, current: number): number => {
    const value = row.cells[column]?.trim();
    if (value === undefined || value === '') return current;
    if (!/^\d{1,9}$/.test(value)) {
      count(row.number, column, refusalOf('product_whole_number'));
      return current;
    }
    return Number(value);
  };
  const money = (row: Row, column: CsvColumn, current: number | undefined): number => {
    const value = row.cells[column]?.trim();
    if (value === undefined || value === '') {
      if (current === undefined) count(row.number, column, refusalOf('product_required'));
      return current ?? 0;
    }
    const plain = value.replace(/^₹\s*/, '').replace(/,/g, '');
    if (!/^\d{1,7}(\.\d{1,2})?$/.test(plain)) {
      count(row.number, column, refusalOf('import_money'));
      return current ?? 0;
    }
    return rupeesTextToPaise(plain);
  };

  const categorySlug = cell('category') ?? '';
  const categoryId = categorySlug ? lookups.categoryBySlug.get(categorySlug) : existing?.category._id;
  if (!categoryId) count(first.number, 'category', refusalOf(categorySlug ? 'import_category_unknown' : 'product_required'));
  const brandSlug = cell('brand');
  let brandId: string | null = existing?.brand?._id ?? null;
  if (brandSlug !== undefined) {
    brandId = brandSlug === '' ? null : (lookups.brandBySlug.get(brandSlug.toLowerCase()) ?? null);
    if (brandSlug !== '' && !brandId) count(first.number, 'brand', refusalOf('import_brand_unknown'));
  }
  let customizationType = existing?.customizationType ?? null;
  const typeCell = cell('customization_type');
  if (typeCell !== undefined) {
    const lower = typeCell.toLowerCase();
    if (lower === '' || lower === 'none') customizationType = null;
    else if (lower === 'text' || lower === 'image' || lower === 'both') customizationType = lower;
    else count(first.number, 'customization_type', refusalOf('import_customisation_type'));
  }
  let gstRate = existing?.gstRate ?? 0;
  const gstCell = cell('gst_rate')?.replace(/%$/, '').trim();
  if (gstCell) {
    if (/^\d{1,2}(\.\d{1,2})?$/.test(gstCell) && (GST_RATES as readonly number[]).includes(rupeesTextToPaise(gstCell))) gstRate = rupeesTextToPaise(gstCell);
    else count(first.number, 'gst_rate', refusalOf('import_gst_rate'));
  }
  let flashSaleEndsAt = existing?.flashSaleEndsAt ?? null;
  const flashCell = cell('flash_sale_ends_at');
  if (flashCell !== undefined) {
    // ISO 8601 with its offset, as the export writes it, under the API's rule (calendar-schemas.ts): not Date's
    // guesses, which read "12" or "Dec 25" as days of 2001 and roll 2026-02-30 over to 2 March.
    const time = flashCell === '' ? null : parseDateTime(flashCell);
    if (flashCell !== '' && !time) count(first.number, 'flash_sale_ends_at', refusalOf('import_date_time'));
    else flashSaleEndsAt = time ? time.toISOString() : null;
  }
  const tagsCell = cell('tags');

  // Variants: a product on one row with no SKU and no attributes has none; otherwise every row is one.
  const single = group.length === 1 && !(first.cells.sku ?? '').trim() && !(first.cells.attributes ?? '').trim();
  const ownSkus = new Map(existing?.variants.map((v) => [v.sku, v]) ?? []);
  const variants = single
    ? []
    : group.map((row) => {
        const sku = (row.cells.sku ?? '').trim();
        if (!sku) count(row.number, 'sku', refusalOf('import_sku_required'));
        const attributes = parseAttributes(row.cells.attributes ?? '');
        if (!attributes) count(row.number, 'attributes', refusalOf('import_attributes'));
        const current = ownSkus.get(sku);
        return {
          ...(current ? { id: current._id } : {}),
          sku,
          attributes: attributes ?? {},
          price: money(row, 'price', current?.price),
          mrp: money(row, 'mrp', current?.mrp),
          stock: whole(row, 'stock', current?.stock ?? 0),
        };
      });

  const input = {
    name: cell('name') || existing?.name || '',
    slug: (cell('slug') ?? '').toLowerCase(),
    description: cell('description') ?? existing?.description ?? '',
    categoryId: categoryId ?? '',
    brandId,
    price: single ? money(first, 'price', existing?.price) : 0,
    mrp: single ? money(first, 'mrp', existing?.mrp) : 0,
    stock: single ? whole(first, 'stock', existing?.stock ?? 0) : 0,
    cod: bool('cod', existing?.cod ?? true),
    customizationType,
    mediaLimit: whole(first, 'media_limit', existing?.mediaLimit ?? 1),
    madeToOrderDays: whole(first, 'made_to_order_days', existing?.madeToOrderDays ?? DEFAULT_MAKING_DAYS),
    hsnCode: cell('hsn_code') ?? existing?.hsnCode ?? '',
    gstRate,
    weightGrams: whole(first, 'weight_grams', existing?.weightGrams ?? 0),
    tags:
      tagsCell === undefined
        ? (existing?.tags ?? [])
        : [
            ...new Set(
              tagsCell
                .split('|')
                .map((t) => t.trim())
                .filter(Boolean),
            ),
          ],
    featured: bool('featured', existing?.featured ?? false),
    flashSaleEndsAt,
    newArrival: bool('new_arrival', existing?.newArrival ?? false),
    unique: bool('unique', existing?.unique ?? false),
    onSelling: bool('on_selling', existing?.onSelling ?? false),
    published: bool('published', existing?.published ?? true),
    // Not a CSV column (issue 24): an import keeps the product's proof flag as it is.
    needsProof: existing?.needsProof ?? false,
    variants,
  };
  if (found > 0) return null;

  const parsed = productInputSchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const reported = new Set<string>();
  for (const issue of parsed.error.issues) {
    const { row, column } = locate(issue.path.map(String).join('.'), group);
    const key = `${row}:${column}`;
    if (reported.has(key)) continue;
    reported.add(key);
    problem(row, column, issueRefusal(issue.message));
  }
  return null;
}

/** The row and column of a refused field: `variants.2.sku` is the group's third row, column sku. */
function locate(field: string, group: Row[]): { row: number; column: string } {
  const parts = field.split('.');
  if (parts[0] === 'variants' && parts.length >= 3) {
    const row = group[Number(parts[1])] ?? group[0]!;
    const column = parts[2] === 'id' ? 'sku' : parts[2]!;
    return { row: row.number, column };
  }
  return { row: group[0]!.number, column: fieldToColumn[parts[0] ?? ''] ?? parts[0] ?? '' };
}
