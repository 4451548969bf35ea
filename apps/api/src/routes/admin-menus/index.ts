import { menusInputSchema } from '@shop/domain/admin/catalogue';
import { menuItemSchema } from '@shop/domain/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestUser } from '../../auth/request-user.ts';
import { getMenus, saveMenus } from '../../admin/menus/menus.ts';
import { noStore } from '../../lib/cache.ts';
import { errors } from '../admin-categories/index.ts';

const menusSchema = z.object({ headerMenu: z.array(menuItemSchema), mobileMenu: z.array(menuItemSchema), updatedAt: z.string() });

/** Back office: the header and mobile menus (staff), saved together as two trees; GET /api/headers serves them. */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const adminMenusRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/menus',
    { config: { adminRole: 'staff' }, schema: { tags: ['admin'], summary: 'The header and mobile menus', response: { 200: menusSchema, ...errors } } },
    async (_request, reply) => {
      noStore(reply);
      return getMenus(app.db);
    },
  );

  app.put(
    '/api/admin/menus',
    {
      config: { adminRole: 'staff' },
      bodyLimit: 128 * 1024,
      schema: {
        tags: ['admin'],
        summary: 'Replace both menus (every link must resolve; decision 030)',
        body: menusInputSchema,
        response: { 200: menusSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const saved = await saveMenus(app.db, request.user as RequestUser, request.body);
      await app.responseCache.invalidate();
      return saved;
    },
  );
};
