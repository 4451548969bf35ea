import { siteSettings } from '@shop/db';
import { headersResponseSchema } from '@shop/domain/catalogue';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicCache } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';

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
      const [row] = await app.db.select().from(siteSettings).orderBy(asc(siteSettings.createdAt)).limit(1);
      if (!row) return reply.code(404).send({ message: 'Site settings not found' });
      publicCache(reply);
      return {
        site: {
          name: row.name,
          description: row.description,
          author: row.author,
          logo: row.logo,
          defaultLanguage: row.defaultLanguage,
          currencyCode: row.currencyCode,
          tollFreeNumber: row.tollFreeNumber,
          contactEmail: row.contactEmail,
          chatWidgetId: row.chatWidgetId,
          analyticsId: row.analyticsId,
          freeShippingThreshold: row.freeShippingThreshold,
          shippingFee: row.shippingFee,
        },
        headerMenu: row.headerMenu ?? [],
        mobileMenu: row.mobileMenu ?? [],
      };
    },
  );
};
