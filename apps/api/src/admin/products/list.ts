import { brands, categories, type Database, products, productVariants } from '@shop/db';
import {
  type AdminProductRow,
  type adminProductSorts,
  LOW_STOCK_THRESHOLD,
  type productCustomisationFilters,
  type productFlagFilters,
  type productStockFilters,
} from '@shop/domain/admin/products';
import type { Paginated } from '@shop/domain/catalogue';
import { pageOf } from '../../lib/page.ts';
import { and, asc, desc, eq, gt, isNotNull, isNull, lte, or, type SQL, sql } from 'drizzle-orm';

export interface AdminProductQuery {
  q?: string;
  category?: string;
  brand?: string;
  published?: boolean;
  stock?: (typeof productStockFilters)[number];
  customisation?: (typeof productCustomisationFilters)[number];
  flag?: (typeof productFlagFilters)[number];
  sort: (typeof adminProductSorts)[number];
  page: number;
  limit: number;
}

/** `%` and `_` typed by staff are letters, not wildcards. */
const likeText = (value: string) => `%${value.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The list's filters as SQL conditions (the CSV export uses the same ones). */
export function listConditions(query: Omit<AdminProductQuery, 'page' | 'limit' | 'sort'> & Partial<AdminProductQuery>): SQL[] {
  const where: SQL[] = [];
  if (query.q) {
    const pattern = likeText(query.q);
    where.push(
      or(
        sql`${products.name} ilike ${pattern}`,
        sql`${products.slug} ilike ${pattern}`,
        sql`exists (select 1 from ${productVariants} where ${productVariants.productId} = ${products.id} and ${productVariants.sku} ilike ${pattern})`,
      )!,
    );
  }
  if (query.category) where.push(eq(products.categoryId, query.category));
  if (query.brand) where.push(eq(products.brandId, query.brand));
  if (query.published !== undefined) where.push(eq(products.published, query.published));
  if (query.stock === 'out') where.push(lte(products.stock, 0));
  if (query.stock === 'low') where.push(and(gt(products.stock, 0), lte(products.stock, LOW_STOCK_THRESHOLD))!);
  if (query.stock === 'in') where.push(gt(products.stock, 0));
  if (query.customisation === 'none') where.push(isNull(products.customizationType));
  if (query.customisation === 'any') where.push(isNotNull(products.customizationType));
  if (query.customisation === 'text' || query.customisation === 'image' || query.customisation === 'both') {
    where.push(eq(products.customizationType, query.customisation));
  }
  switch (query.flag) {
    case 'featured':
      where.push(eq(products.featured, true));
      break;
    case 'flash_sale':
      where.push(sql`${products.flashSaleEndsAt} > now()`);
      break;
    case 'new_arrival':
      where.push(eq(products.newArrival, true));
      break;
    case 'unique':
      where.push(eq(products.isUnique, true));
      break;
    case 'on_selling':
      where.push(eq(products.onSelling, true));
      break;
    case 'no_cod':
      where.push(eq(products.cod, false));
      break;
  }
  return where;
}

const orders: Record<AdminProductQuery['sort'], SQL[]> = {
  updated: [desc(products.updatedAt), desc(products.id)],
  newest: [desc(products.createdAt), desc(products.id)],
  name: [asc(products.name), asc(products.id)],
  price_asc: [asc(products.price), asc(products.id)],
  price_desc: [desc(products.price), desc(products.id)],
  stock_asc: [asc(products.stock), asc(products.id)],
};

/** One page of the back office's product list (published or not), with the total the filters match. */
export async function listAdminProducts(db: Database, query: AdminProductQuery): Promise<Paginated<AdminProductRow>> {
  const where = and(...listConditions(query));
  const [rows, [counted]] = await Promise.all([
    db
      .select({
        id: products.id,
        name: products.name,
        slug: products.slug,
        images: products.images,
        categoryId: products.categoryId,
        categoryName: categories.name,
        categorySlug: categories.slug,
        brandId: products.brandId,
        brandName: brands.name,
        brandSlug: brands.slug,
        price: products.price,
        mrp: products.mrp,
        stock: products.stock,
        published: products.published,
        customizationType: products.customizationType,
        updatedAt: products.updatedAt,
        variantCount: sql<number>`(select count(*)::int from ${productVariants} where ${productVariants.productId} = ${products.id})`,
      })
      .from(products)
      .innerJoin(categories, eq(categories.id, products.categoryId))
      .leftJoin(brands, eq(brands.id, products.brandId))
      .where(where)
      .orderBy(...orders[query.sort])
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db
      .select({ total: sql<number>`count(*)::int` })
      .from(products)
      .where(where),
  ]);
  return pageOf(
    rows.map((r) => ({
      _id: r.id,
      name: r.name,
      slug: r.slug,
      image: r.images?.[0] ?? null,
      category: { _id: r.categoryId, name: r.categoryName, slug: r.categorySlug },
      brand: r.brandId && r.brandName && r.brandSlug ? { _id: r.brandId, name: r.brandName, slug: r.brandSlug } : null,
      price: r.price,
      mrp: r.mrp,
      stock: r.stock,
      published: r.published,
      customizationType: r.customizationType ?? null,
      variantCount: Number(r.variantCount),
      updatedAt: new Date(r.updatedAt).toISOString(),
    })),
    Number(counted?.total ?? 0),
    query.page,
    query.limit,
  );
}
