import { products } from '@shop/db';
import { productDetailSchema } from '@shop/domain/catalogue';
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicCache } from '../../lib/cache.ts';
import { errorResponseSchema, limitQuery, slugSchema } from '../../lib/params.ts';
import { categorySortOrders, pageOfProducts, published } from '../products/listing.ts';
import { pageQuery, productPageSchema } from '../products/schemas.ts';
import { productCategory, productDetail } from './detail.ts';

const notFound = { message: 'Product not found' };

export const productRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/product/:slug',
    {
      schema: {
        tags: ['products'],
        summary: 'One product with its gallery, variants, attribute options, brand and category',
        params: z.object({ slug: z.string() }),
        response: { 200: productDetailSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      // A value that is not a slug cannot name a product: that is "not found", not bad input.
      const slug = slugSchema.safeParse(request.params.slug);
      const product = slug.success ? await productDetail(app.db, slug.data) : null;
      if (!product) return reply.code(404).send(notFound);
      publicCache(reply);
      return product;
    },
  );

  app.get(
    '/api/related-products',
    {
      schema: {
        tags: ['products'],
        summary: 'Other products of the same category, best selling first',
        querystring: z.object({ slug: slugSchema.describe('Slug of the product'), page: pageQuery, limit: limitQuery(8, 24) }),
        response: { 200: productPageSchema, 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { slug, page, limit } = request.query;
      const product = await productCategory(app.db, slug);
      if (!product) return reply.code(404).send(notFound);
      publicCache(reply);
      const where = and(published, eq(products.categoryId, product.categoryId), ne(products.id, product.id));
      return pageOfProducts(app.db, { where: where!, orderBy: categorySortOrders.popularity, page, limit });
    },
  );
};
