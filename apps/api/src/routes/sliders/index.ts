import { paginatedSchema, sliderSchema } from '@shop/domain/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { activeSlides } from '../../catalogue/sliders.ts';
import { publicCache } from '../../lib/cache.ts';

/** At most a handful of slides exist, so the list is never split into pages. */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
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
      const slides = await activeSlides(app.db);
      publicCache(reply);
      return slides;
    },
  );
};
