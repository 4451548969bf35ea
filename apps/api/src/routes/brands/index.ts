import { brandSchema, paginatedSchema } from '@shop/domain/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { brandList } from '../../catalogue/brands.ts';
import { publicCache } from '../../lib/cache.ts';
import { errorResponseSchema, intQuery, limitQuery } from '../../lib/params.ts';

// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const brandsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/brands',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Brands by name',
        querystring: z.object({ page: intQuery({ min: 1, max: 1000, default: 1 }), limit: limitQuery(100, 200) }),
        response: { 200: paginatedSchema(brandSchema), 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const brands = await brandList(app.db, request.query.page, request.query.limit);
      publicCache(reply);
      return brands;
    },
  );
};
