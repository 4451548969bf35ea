import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cartProducts } from '../../catalogue/cart.ts';
import { listProducts } from '../../catalogue/listing.ts';
import { railPage, rails } from '../../catalogue/rails.ts';
import { catalogueReader } from '../../catalogue/reader.ts';
import { searchProducts } from '../../catalogue/search.ts';
import { noStore, publicCache } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { cartBodySchema, cartResponseSchema, listingQuerySchema, productPageSchema, railQuerySchema, searchQuerySchema } from './schemas.ts';

// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const productsRoutes: FastifyPluginAsyncZod = async (app) => {
  const reader = catalogueReader(app);

  app.get(
    '/api/products',
    {
      schema: {
        tags: ['products'],
        summary: 'Published products, filtered, sorted and paginated. Prices are paise.',
        description:
          "total is exact up to 1,000 matches and 1,000 above that (a lower bound; a category's exact size is its productCount); hasMore is always exact.",
        querystring: listingQuerySchema,
        response: { 200: productPageSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      publicCache(reply);
      return listProducts(reader, request.query);
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
        return railPage(app.db, rail, request.query.page, request.query.limit);
      },
    );
  }

  app.get(
    '/api/products/search',
    {
      schema: {
        tags: ['products'],
        summary: 'Full-text search forgiving one typo in words of 4+ letters and two in 8+, with staff synonyms; best match first, sold out last',
        querystring: searchQuerySchema,
        response: { 200: productPageSchema, 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      publicCache(reply);
      const { q, page, limit } = request.query;
      return searchProducts(reader, q, page, limit);
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
