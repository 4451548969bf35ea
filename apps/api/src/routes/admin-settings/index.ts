import { adminSettingsSchema, settingsInputSchema } from '@shop/domain/admin/settings';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RequestUser } from '../../auth/request-user.ts';
import { registerImageUpload } from '../../admin/categories/image-route.ts';
import { getSettings, saveSettings } from '../../admin/settings/settings.ts';
import { noStore } from '../../lib/cache.ts';
import { errors } from '../admin-categories/index.ts';

/**
 * Back office: site settings (admins only). After a save the response cache is cleared: /api/headers (the shop's
 * shell) and the memoised shipping rules of the order path both live there, so the next checkout uses the new fee.
 */
export const adminSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/settings',
    { config: { adminRole: 'admin' }, schema: { tags: ['admin'], summary: 'Site settings (admin)', response: { 200: adminSettingsSchema, ...errors } } },
    async (_request, reply) => {
      noStore(reply);
      return getSettings(app.db);
    },
  );

  app.put(
    '/api/admin/settings',
    {
      config: { adminRole: 'admin' },
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['admin'],
        summary: 'Save site settings (admin; money in paise)',
        body: settingsInputSchema,
        response: { 200: adminSettingsSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const saved = await saveSettings(app.db, request.user as RequestUser, request.body);
      await app.responseCache.invalidate();
      return saved;
    },
  );

  await registerImageUpload(app, '/api/admin/settings/logo', 'admin', "the shop's logo");
};
