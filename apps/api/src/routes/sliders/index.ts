import { sliders } from '@shop/db';
import { paginatedSchema, sliderSchema } from '@shop/domain/catalogue';
import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicCache } from '../../lib/cache.ts';

/** At most a handful of slides exist, so the list is never split into pages. */
export const slidersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/sliders',
    {
      schema: {
        tags: ['catalogue'],
        summary: 'Active home-page slides in display order (one page holding all)',
        response: { 200: paginatedSchema(sliderSchema) },
      },
    },
    async (_request, reply) => {
      const rows = await app.db
        .select({ id: sliders.id, title: sliders.title, subtitle: sliders.subtitle, image: sliders.image, link: sliders.link })
        .from(sliders)
        .where(eq(sliders.active, true))
        .orderBy(asc(sliders.position), asc(sliders.createdAt));
      publicCache(reply);
      return {
        data: rows.map((row) => ({ _id: row.id, title: row.title, subtitle: row.subtitle, image: row.image, link: row.link })),
        total: rows.length,
        page: 1,
        limit: Math.max(rows.length, 1),
        hasMore: false,
      };
    },
  );
};
