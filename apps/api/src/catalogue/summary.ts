import type { Database, StoredImage } from '@shop/db';
import { categories, products, productVariants } from '@shop/db';
import type { ProductSummary } from '@shop/domain/catalogue';
import { eq, sql, type SQL } from 'drizzle-orm';

/**
 * The columns a product card needs and nothing more: the first image only (not the gallery), the
 * category joined in the same query (no N+1), and whether variants exist (one index probe per row).
 */
export const summaryColumns = {
  id: products.id,
  name: products.name,
  slug: products.slug,
  image: sql<StoredImage | null>`${products.images}->0`,
  price: products.price,
  mrp: products.mrp,
  discountPercent: products.discountPercent,
  stock: products.stock,
  cod: products.cod,
  customizationType: products.customizationType,
  mediaLimit: products.mediaLimit,
  ratingAverage: products.ratingAverage,
  ratingCount: products.ratingCount,
  // A scalar subquery with LIMIT, not EXISTS: PostgreSQL may turn EXISTS into a hashed seq scan over
  // every variant; this stays one index probe per returned row.
  hasVariants: sql<boolean>`coalesce((select true from ${productVariants} where ${productVariants.productId} = ${products.id} limit 1), false)`,
  flashSaleEndsAt: products.flashSaleEndsAt,
  categoryId: categories.id,
  categoryName: categories.name,
  categorySlug: categories.slug,
};

export type SummaryRow = {
  id: string;
  name: string;
  slug: string;
  image: StoredImage | null;
  price: number;
  mrp: number;
  discountPercent: number;
  stock: number;
  cod: boolean;
  customizationType: 'text' | 'image' | 'both' | null;
  mediaLimit: number;
  ratingAverage: number;
  ratingCount: number;
  hasVariants: boolean;
  flashSaleEndsAt: Date | null;
  categoryId: string;
  categoryName: string;
  categorySlug: string;
};

export function toIso(value: Date | string | null): string | null {
  if (value === null) return null;
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

export function customisationOf(row: { customizationType: SummaryRow['customizationType']; mediaLimit: number }) {
  return row.customizationType ? { type: row.customizationType, mediaLimit: Math.max(1, row.mediaLimit) } : null;
}

/** Summaries of `rows` in the order of `ids` (an id with no row is left out): a page fetched by id after ranking. */
export function summariesInIdOrder(ids: string[], rows: SummaryRow[]): ProductSummary[] {
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    return row ? [toSummary(row)] : [];
  });
}

export function toSummary(row: SummaryRow): ProductSummary {
  return {
    _id: row.id,
    name: row.name,
    slug: row.slug,
    image: row.image ?? null,
    price: row.price,
    mrp: row.mrp,
    discountPercent: row.discountPercent,
    stock: row.stock,
    inStock: row.stock > 0,
    cod: row.cod,
    product_customization: customisationOf(row),
    rating: { average: Math.round(Number(row.ratingAverage) * 10) / 10, count: row.ratingCount },
    hasVariants: Boolean(row.hasVariants),
    flashSaleEndsAt: toIso(row.flashSaleEndsAt),
    category: { _id: row.categoryId, name: row.categoryName, slug: row.categorySlug },
  };
}

export interface SummaryQueryOptions {
  where: SQL | undefined;
  orderBy: SQL[];
  limit: number;
  offset?: number;
}

/** The query behind a list of summaries (exported so tests can check its plan). */
export function summariesQuery(db: Database, options: SummaryQueryOptions) {
  return db
    .select(summaryColumns)
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(options.where)
    .orderBy(...options.orderBy)
    .limit(options.limit)
    .offset(options.offset ?? 0);
}

/** Summaries matching `where`, in `orderBy` order: one query. */
export async function selectSummaries(db: Database, options: SummaryQueryOptions): Promise<SummaryRow[]> {
  return await summariesQuery(db, options);
}
