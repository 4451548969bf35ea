import { products } from '@shop/db';
import type { ProductSort } from '@shop/domain/catalogue';
import { and, asc, desc, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore, publicCache } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { cartProducts } from './cart.ts';
import { categorySortOrders, categoryTreeIds, emptyPage, filterCondition, pageOfProducts, published, sortOrders } from './listing.ts';
import {
  cartBodySchema,
  cartResponseSchema,
  listingQuerySchema,
  productPageSchema,
  railQuerySchema,
  searchQuerySchema,
} from './schemas.ts';
import { searchProducts } from './search.ts';

/** A product rail: a fixed filter and order, each backed by a partial or sorted index. */
interface Rail {
  url: string;
  summary: string;
  where: () => SQL;
  orderBy: SQL[];
}

const bestSelling = { where: () => published, orderBy: sortOrders.popularity };

const rails: Rail[] = [
  { url: '/api/products/featured', summary: 'Featured products, newest first', where: () => and(published, sql`${products.featured}`) as SQL, orderBy: sortOrders.newest },
  {
    url: '/api/products/flash-sale',
    summary: 'Products on a flash sale that has not ended, soonest ending first',
    where: () => and(published, sql`${products.flashSaleEndsAt} > now()`) as SQL,
    orderBy: [asc(products.flashSaleEndsAt)],
  },
  { url: '/api/products/best-selling', summary: 'Best-selling products (units sold, most first)', ...bestSelling },
  { url: '/api/products/uniques', summary: 'Unique pieces, newest first', where: () => and(published, sql`${products.isUnique}`) as SQL, orderBy: sortOrders.newest },
  { url: '/api/products/new-arrivals', summary: 'New arrivals, newest first', where: () => and(published, sql`${products.newArrival}`) as SQL, orderBy: sortOrders.newest },
  { url: '/api/products/on-selling', summary: 'Products on sale, newest first', where: () => and(published, sql`${products.onSelling}`) as SQL, orderBy: sortOrders.newest },
  // The spec's route constants name both; neither use is shown, so both answer the best-selling list.
  { url: '/api/products_top_seller', summary: 'Same list as /api/products/best-selling', ...bestSelling },
  { url: '/api/products_best_seller', summary: 'Same list as /api/products/best-selling', ...bestSelling },
];

export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/products',
    {
      schema: {
        tags: ['products'],
        summary: 'Published products, filtered, sorted and paginated. Prices are paise.',
        description:
          'total is exact up to 1,000 matches and 1,000 above that (a lower bound; a category\'s exact size is its productCount); hasMore is always exact.',
        querystring: listingQuerySchema,
        response: { 200: productPageSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { page, limit, sort, ...filters } = request.query;
      publicCache(reply);
      const filter = await filterCondition(app.db, filters, (slug) =>
        app.responseCache.memo(`category-subtree:${slug}`, () => categoryTreeIds(app.db, slug)),
      );
      if (filter === null) return emptyPage(page, limit);
      const orderBy = (filters.category !== undefined ? categorySortOrders : sortOrders)[sort as ProductSort];
      return pageOfProducts(app.db, { where: filter.where, filter, orderBy, page, limit });
    },
  );

  for (const rail of rails) {
    app.get(
      rail.url,
      {
        schema: {
          tags: ['products'],
          summary: rail.summary,
          querystring: railQuerySchema,
          response: { 200: productPageSchema, 400: errorResponseSchema },
        },
      },
      async (request, reply) => {
        publicCache(reply);
        return pageOfProducts(app.db, { where: rail.where(), orderBy: rail.orderBy, ...request.query });
      },
    );
  }

  app.get(
    '/api/products/search',
    {
      schema: {
        tags: ['products'],
        summary: 'Full-text search with typo tolerance, best match first',
        querystring: searchQuerySchema,
        response: { 200: productPageSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      publicCache(reply);
      const { q, page, limit } = request.query;
      return searchProducts(app.db, q, page, limit);
    },
  );

  app.post(
    '/api/products/cart',
    {
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['products'],
        summary: 'The products of a cart, to refresh its lines; unknown ids are absent',
        body: cartBodySchema,
        response: { 200: cartResponseSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return cartProducts(app.db, request.body.productIds);
    },
  );
};
