import { headersResponseSchema } from '@shop/domain/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { siteHeaders } from '../../catalogue/site.ts';
import { publicCache } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { Refusal } from '../../lib/refusal.ts';

// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const headersRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/headers',
    {
      schema: {
        tags: ['site'],
        summary: 'Site settings and the header and mobile menus: what the app shell needs',
        response: { 200: headersResponseSchema, 404: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      const headers = await siteHeaders(app.db);
      if (!headers) throw new Refusal('site_settings_not_found');
      publicCache(reply);
      return headers;
    },
  );
};
