import { brands } from '@shop/db';
import { brandSchema, paginatedSchema } from '@shop/domain/catalogue';
import { asc, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicCache } from '../../lib/cache.ts';
import { errorResponseSchema, intQuery, limitQuery } from '../../lib/params.ts';

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
      const { page, limit } = request.query;
      const rows = await app.db
        .select({ id: brands.id, name: brands.name, slug: brands.slug, image: brands.image, total: sql<number>`(count(*) over ())::int` })
        .from(brands)
        .orderBy(asc(brands.name), asc(brands.id))
        .limit(limit)
        .offset((page - 1) * limit);
      const total = rows[0]?.total ?? (page === 1 ? 0 : (await app.db.$count(brands)));
      publicCache(reply);
      return {
        data: rows.map((row) => ({ _id: row.id, name: row.name, slug: row.slug, image: row.image ?? null })),
        total: Number(total),
        page,
        limit,
        hasMore: (page - 1) * limit + rows.length < Number(total),
      };
    },
  );
};
