import { productDetailSchema } from '@shop/domain/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { productDetail } from '../../catalogue/product-detail.ts';
import { relatedProducts } from '../../catalogue/rails.ts';
import { publicCache } from '../../lib/cache.ts';
import { errorResponseSchema, limitQuery, slugSchema } from '../../lib/params.ts';
import { Refusal } from '../../lib/refusal.ts';
import { pageQuery, productPageSchema } from '../products/schemas.ts';

// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
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
      if (!product) throw new Refusal('product_not_found');
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
      const related = await relatedProducts(app.db, slug, page, limit);
      if (!related) throw new Refusal('product_not_found');
      publicCache(reply);
      return related;
    },
  );
};
