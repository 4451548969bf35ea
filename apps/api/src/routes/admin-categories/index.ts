import { adminCategorySchema, categoryInputSchema } from '@shop/domain/admin/catalogue';
import { coded } from '@shop/domain/field-errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestUser } from '../../auth/request-user.ts';
import { createCategory, deleteCategory, getCategory, listCategories, updateCategory } from '../../admin/categories/categories.ts';
import { registerImageUpload } from '../../admin/categories/image-route.ts';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';

export const idParams = z.object({ id: z.uuid({ error: coded('admin_id_invalid') }) });
export const errors = { 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };
const tags = ['admin'];

/**
 * Back office: categories (staff). Writes are one transaction with their audit record; after the commit the
 * response cache is cleared so the storefront's category pages and menus see the change at once.
 */
export const adminCategoriesRoutes: FastifyPluginAsyncZod = async (app) => {
  const actor = (request: { user?: unknown }) => request.user as RequestUser;
  const changed = async <T>(value: T) => {
    await app.responseCache.invalidate();
    return value;
  };

  app.get(
    '/api/admin/categories',
    {
      config: { adminRole: 'staff' },
      schema: {
        tags,
        summary: 'All categories with their parent id and own product count',
        response: { 200: z.object({ data: z.array(adminCategorySchema) }) },
      },
    },
    async (_request, reply) => {
      noStore(reply);
      return { data: await listCategories(app.db) };
    },
  );

  app.get(
    '/api/admin/categories/:id',
    { config: { adminRole: 'staff' }, schema: { tags, summary: 'One category', params: idParams, response: { 200: adminCategorySchema, ...errors } } },
    async (request, reply) => {
      noStore(reply);
      return getCategory(app.db, request.params.id);
    },
  );

  app.post(
    '/api/admin/categories',
    {
      config: { adminRole: 'staff' },
      bodyLimit: 32 * 1024,
      schema: { tags, summary: 'Create a category', body: categoryInputSchema, response: { 201: adminCategorySchema, ...errors } },
    },
    async (request, reply) => {
      noStore(reply);
      return reply.code(201).send(await changed(await createCategory(app.db, actor(request), request.body)));
    },
  );

  app.put(
    '/api/admin/categories/:id',
    {
      config: { adminRole: 'staff' },
      bodyLimit: 32 * 1024,
      schema: {
        tags,
        summary: 'Update a category (a new slug also moves the menus’ links)',
        params: idParams,
        body: categoryInputSchema,
        response: { 200: adminCategorySchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return changed(await updateCategory(app.db, actor(request), request.params.id, request.body));
    },
  );

  app.delete(
    '/api/admin/categories/:id',
    {
      config: { adminRole: 'staff' },
      schema: {
        tags,
        summary: 'Delete a category (409 while it has products, subcategories or menu links)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      await deleteCategory(app.db, actor(request), request.params.id);
      await app.responseCache.invalidate();
      return reply.code(204).send(null);
    },
  );

  await registerImageUpload(app, '/api/admin/categories/images', 'staff', 'a category');
};
