import { products } from '@shop/db';
import type { Paginated, ProductSummary } from '@shop/domain/catalogue';
import { and, asc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@shop/db';
import { categorySortOrders, pageOfProducts, published, sortOrders } from './listing.ts';
import { productCategory } from './product-detail.ts';

/**
 * A product rail: a fixed filter and order, each backed by a partial or sorted index. Rails promote, so they never
 * show a sold-out product (issue 25, decision 075); the product stays reachable through listings and search.
 */
interface Rail {
  url: string;
  summary: string;
  where: () => SQL;
  orderBy: SQL[];
}

const forSale = and(published, sql`${products.stock} > 0`) as SQL;

const bestSelling = { where: () => forSale, orderBy: sortOrders.popularity };

export const rails: Rail[] = [
  {
    url: '/api/products/featured',
    summary: 'Featured products, newest first',
    where: () => and(forSale, sql`${products.featured}`) as SQL,
    orderBy: sortOrders.newest,
  },
  {
    url: '/api/products/flash-sale',
    summary: 'Products on a flash sale that has not ended, soonest ending first',
    where: () => and(forSale, sql`${products.flashSaleEndsAt} > now()`) as SQL,
    orderBy: [asc(products.flashSaleEndsAt), asc(products.id)],
  },
  { url: '/api/products/best-selling', summary: 'Best-selling products (units sold, most first)', ...bestSelling },
  {
    url: '/api/products/uniques',
    summary: 'Unique pieces, newest first',
    where: () => and(forSale, sql`${products.isUnique}`) as SQL,
    orderBy: sortOrders.newest,
  },
  {
    url: '/api/products/new-arrivals',
    summary: 'New arrivals, newest first',
    where: () => and(forSale, sql`${products.newArrival}`) as SQL,
    orderBy: sortOrders.newest,
  },
  {
    url: '/api/products/on-selling',
    summary: 'Products on sale, newest first',
    where: () => and(forSale, sql`${products.onSelling}`) as SQL,
    orderBy: sortOrders.newest,
  },
  // The spec's route constants name both; neither use is shown, so both answer the best-selling list.
  { url: '/api/products_top_seller', summary: 'Same list as /api/products/best-selling', ...bestSelling },
  { url: '/api/products_best_seller', summary: 'Same list as /api/products/best-selling', ...bestSelling },
];

export function railPage(db: Database, rail: Rail, page: number, limit: number): Promise<Paginated<ProductSummary>> {
  return pageOfProducts(db, { where: rail.where(), orderBy: rail.orderBy, page, limit });
}

/** Other published products of a product's category, best selling first; null when there is no such product. */
export async function relatedProducts(db: Database, slug: string, page: number, limit: number): Promise<Paginated<ProductSummary> | null> {
  const product = await productCategory(db, slug);
  if (!product) return null;
  const where = and(published, eq(products.categoryId, product.categoryId), ne(products.id, product.id)) as SQL;
  return pageOfProducts(db, { where, orderBy: categorySortOrders.popularity, page, limit });
}
