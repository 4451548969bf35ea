import type { Database } from '@shop/db';
import { brands, products } from '@shop/db';
import { LIST_TOTAL_CAP, type Paginated, type ProductSort, type ProductSummary } from '@shop/domain/catalogue';
import { and, asc, eq, gte, inArray, lte, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { pageOf } from '../lib/page.ts';
import { rowsOf } from '../lib/rows.ts';
import type { CatalogueReader } from './reader.ts';
import { selectSummaries, summariesInIdOrder, toSummary } from './summary.ts';

/**
 * Product lists: filters, sorts and pagination over the indexes of packages/db/src/schema/catalogue.ts.
 *
 * Totals: counting every match of a broad filter on 100k products on each page view costs more than
 * the page itself, so
 *  - when the fetched page is the last one (fewer rows than asked), the total follows from it;
 *  - otherwise matches are counted up to TOTAL_CAP (1,000, about 42 pages of 24); above that `total` is
 *    TOTAL_CAP, a lower bound. Counting reads every matching row, which for a 2,500-product category
 *    cost more than the page itself; the exact size of a category is its productCount in /api/categories.
 * `hasMore` is always exact (one row beyond the page is fetched).
 */
const TOTAL_CAP = LIST_TOTAL_CAP;

/**
 * Written as a literal condition, not `published = $1`: partial indexes (`WHERE published`) are only
 * usable when the planner can see the condition itself.
 */
export const published = sql`${products.published} = true`;

/**
 * ORDER BY per sort, shaped to match an index so PostgreSQL reads one page in order and stops:
 * - broad lists use products_{created,price,units_sold,discount}_idx, which hold only the sort key; a
 *   tie-breaking `id` would stop PostgreSQL from using them (it sorted all 100k rows instead), so ties
 *   keep the index's own stable order;
 * - category lists use the indexes led by category_id (products_category_*_idx), which end in id, so
 *   `id` breaks ties there at no cost. (Newest has no id in its index: created_at alone, as above.)
 */
/**
 * Drizzle declares `.desc()` index columns as DESC NULLS LAST, while a plain ORDER BY … DESC means
 * NULLS FIRST; PostgreSQL only walks an index whose null ordering matches (even for NOT NULL columns),
 * so descending orders must say NULLS LAST too. (Without it "newest" sorted all 100k rows: 280 ms.)
 */
const descNullsLast = (column: AnyPgColumn) => sql`${column} desc nulls last`;

/**
 * Every order puts what can be bought first: available products, then sold-out ones (still listed and marked sold out;
 * issue 25, decision 075). sold_out leads each sort index, so this costs nothing.
 */
export const availableFirst = asc(products.soldOut);

/**
 * Every order ends on the id (decision 140). Pages are offsets into the order, and products that tie on its key (a new
 * shop's all sold 0 units; an import gives its products one created_at) came back in whatever order each page's plan
 * produced: page 2 repeated products from page 1 and others were never shown. Each sort index ends on the id too.
 */
export const sortOrders: Record<ProductSort, SQL[]> = {
  newest: [availableFirst, descNullsLast(products.createdAt), descNullsLast(products.id)],
  price_asc: [availableFirst, asc(products.price), asc(products.id)],
  price_desc: [availableFirst, descNullsLast(products.price), descNullsLast(products.id)],
  popularity: [availableFirst, descNullsLast(products.unitsSold), descNullsLast(products.id)],
  discount: [availableFirst, descNullsLast(products.discountPercent), descNullsLast(products.id)],
};

/** Price high to low has its own index (sold_out ascending, price descending), so NULLS LAST there too. */
export const categorySortOrders: Record<ProductSort, SQL[]> = {
  newest: [availableFirst, descNullsLast(products.createdAt), descNullsLast(products.id)],
  price_asc: [availableFirst, asc(products.price), asc(products.id)],
  price_desc: [availableFirst, descNullsLast(products.price), descNullsLast(products.id)],
  popularity: [availableFirst, descNullsLast(products.unitsSold), descNullsLast(products.id)],
  discount: [availableFirst, descNullsLast(products.discountPercent), descNullsLast(products.id)],
};

/** The category with this slug and all its descendants; empty when no category has the slug. */
async function categoryTreeIds(db: Database, slug: string): Promise<string[]> {
  const result = await db.execute(sql`
    with recursive tree(id) as (
      select id from categories where slug = ${slug}
      union
      select c.id from categories c join tree t on c.parent_id = t.id
    )
    select id from tree`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/**
 * `attr=colour:rose gold` pairs, lower-cased as products.attribute_values stores them. Values of the
 * same attribute are alternatives (rose gold OR silver); different attributes must all match. Both forms
 * are array operators the GIN index answers.
 */
function attributeCondition(pairs: string[]): SQL | undefined {
  const byName = new Map<string, string[]>();
  for (const pair of pairs) {
    const normalised = pair.trim().toLowerCase();
    const name = normalised.slice(0, normalised.indexOf(':')).trim();
    const value = normalised.slice(normalised.indexOf(':') + 1).trim();
    const key = `${name}:${value}`;
    byName.set(name, [...(byName.get(name) ?? []), key]);
  }
  const array = (values: string[]) =>
    sql`array[${sql.join(
      values.map((v) => sql`${v}`),
      sql`, `,
    )}]::text[]`;
  const single = [...byName.values()].filter((values) => values.length === 1).map((values) => values[0] as string);
  const conditions: SQL[] = [];
  if (single.length > 0) conditions.push(sql`${products.attributeValues} @> ${array(single)}`);
  for (const values of byName.values()) {
    if (values.length > 1) conditions.push(sql`${products.attributeValues} && ${array(values)}`);
  }
  return conditions.length > 0 ? and(...conditions) : undefined;
}

export interface ProductFilters {
  category?: string;
  brand?: string;
  minPrice?: number;
  maxPrice?: number;
  attr?: string[];
  inStock?: boolean;
}

/**
 * The filters as SQL. `where` is the whole condition; `categoryIds` (a category and its subcategories)
 * and `rest` (every other condition) are kept apart too, so a parent category's list can be read one
 * subcategory index at a time (see pageOfProducts).
 */
interface ListingFilter {
  where: SQL;
  categoryIds?: string[];
  rest: SQL;
}

/**
 * The filters, or null when a named category or brand does not exist (nothing can match). `subtree` answers
 * a category's subtree; routes pass a memoised categoryTreeIds (the tree changes only with the catalogue).
 */
export async function filterCondition(
  db: Database,
  filters: ProductFilters,
  subtree: (slug: string) => Promise<string[]> = (slug) => categoryTreeIds(db, slug),
): Promise<ListingFilter | null> {
  const conditions: (SQL | undefined)[] = [published];
  let categoryIds: string[] | undefined;
  if (filters.category !== undefined) {
    categoryIds = await subtree(filters.category);
    if (categoryIds.length === 0) return null;
  }
  if (filters.brand !== undefined) {
    conditions.push(sql`${products.brandId} = (select ${brands.id} from ${brands} where ${brands.slug} = ${filters.brand})`);
  }
  if (filters.minPrice !== undefined) conditions.push(gte(products.price, filters.minPrice));
  if (filters.maxPrice !== undefined) conditions.push(lte(products.price, filters.maxPrice));
  if (filters.attr && filters.attr.length > 0) conditions.push(attributeCondition(filters.attr));
  if (filters.inStock) conditions.push(sql`${products.stock} > 0`);
  const rest = and(...conditions) ?? published;
  if (categoryIds === undefined) return { where: rest, rest };
  const inCategory = categoryIds.length === 1 ? eq(products.categoryId, categoryIds[0] as string) : inArray(products.categoryId, categoryIds);
  return { where: and(rest, inCategory) as SQL, categoryIds, rest };
}

export async function countCapped(db: Database, where: SQL): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from (select 1 from ${products} where ${where} limit ${TOTAL_CAP}) matches`);
  return Number(rowsOf<{ n: number }>(result)[0]?.n ?? 0);
}

export function emptyPage<T>(page: number, limit: number): Paginated<T> {
  return pageOf<T>([], 0, page, limit);
}

/** The total for a page: free when the page is the last one, otherwise a capped count. */
export async function totalOf(page: { offset: number; returned: number; hasMore: boolean; count: () => Promise<number> }) {
  if (!page.hasMore && (page.returned > 0 || page.offset === 0)) return page.offset + page.returned;
  const counted = await page.count();
  // A deep page past the cap still reports at least what has been seen.
  return page.returned > 0 ? Math.max(counted, page.offset + page.returned + (page.hasMore ? 1 : 0)) : counted;
}

/**
 * The ids of one page across several categories, in order. `category_id IN (…)` cannot walk any index in
 * order, so PostgreSQL would sort every match (20k rows for a parent category: 12 ms). Instead each
 * subcategory contributes its own first offset+limit rows, read in order from its category index, and
 * only those few are merged: the classic top-N per partition. The merged rows are aliased "products"
 * so the same ORDER BY expressions apply outside.
 */
async function mergedPageIds(db: Database, options: { categoryIds: string[]; rest: SQL; orderBy: SQL[]; take: number; offset: number }): Promise<string[]> {
  const { categoryIds, rest, orderBy, take, offset } = options;
  const order = sql.join(orderBy, sql`, `);
  const perCategory = categoryIds.map(
    (id) => sql`(select ${products.id}, ${products.soldOut}, ${products.createdAt}, ${products.price}, ${products.unitsSold}, ${products.discountPercent}
      from ${products} where ${products.categoryId} = ${id} and ${rest} order by ${order} limit ${offset + take})`,
  );
  const result = await db.execute(sql`
    select ${products.id} as id from (${sql.join(perCategory, sql` union all `)}) as ${products}
    order by ${order} limit ${take} offset ${offset}`);
  return rowsOf<{ id: string }>(result).map((row) => row.id);
}

/** Summaries for ids, in the ids' order (one query). */
export async function summariesInOrder(db: Database, ids: string[]): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  return summariesInIdOrder(ids, await selectSummaries(db, { where: inArray(products.id, ids), orderBy: [], limit: ids.length }));
}

/** Category pages read from more than one subcategory are merged per category (mergedPageIds). */
const MERGE_CATEGORIES_FROM = 2;

/** One page of product summaries: the page (plus one row, for hasMore), then a count only if needed. */
export async function pageOfProducts(
  db: Database,
  options: { where: SQL; orderBy: SQL[]; page: number; limit: number; filter?: ListingFilter },
): Promise<Paginated<ProductSummary>> {
  const { page, limit, filter } = options;
  const offset = (page - 1) * limit;
  let rows: ProductSummary[];
  if (filter?.categoryIds && filter.categoryIds.length >= MERGE_CATEGORIES_FROM) {
    const ids = await mergedPageIds(db, { categoryIds: filter.categoryIds, rest: filter.rest, orderBy: options.orderBy, take: limit + 1, offset });
    rows = await summariesInOrder(db, ids);
  } else {
    rows = (await selectSummaries(db, { where: options.where, orderBy: options.orderBy, limit: limit + 1, offset })).map(toSummary);
  }
  const hasMore = rows.length > limit;
  const data = rows.slice(0, limit);
  // totalOf never reports fewer rows than the page proves exist, so pageOf's hasMore is the exact one fetched above.
  const total = await totalOf({ offset, returned: data.length, hasMore, count: () => countCapped(db, options.where) });
  return pageOf(data, total, page, limit);
}

export interface ListingQuery extends ProductFilters {
  sort: ProductSort;
  page: number;
  limit: number;
}

/**
 * GET /api/products: one page of published products, filtered and sorted. A category's subtree is remembered for the
 * cache window (the tree changes only with the catalogue); an unknown category or brand gives an empty page.
 */
export async function listProducts(reader: CatalogueReader, query: ListingQuery): Promise<Paginated<ProductSummary>> {
  const { page, limit, sort, ...filters } = query;
  const filter = await filterCondition(reader.db, filters, (slug) => reader.memo(`category-subtree:${slug}`, () => categoryTreeIds(reader.db, slug)));
  if (filter === null) return emptyPage(page, limit);
  const orderBy = (filters.category !== undefined ? categorySortOrders : sortOrders)[sort];
  return pageOfProducts(reader.db, { where: filter.where, filter, orderBy, page, limit });
}
