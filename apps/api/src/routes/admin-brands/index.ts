import { adminBrandSchema, brandInputSchema } from '@shop/domain/admin/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestUser } from '../../auth/request-user.ts';
import { registerImageUpload } from '../../admin/categories/image-route.ts';
import { createBrand, deleteBrand, getBrand, listBrands, updateBrand } from '../../admin/brands/brands.ts';
import { noStore } from '../../lib/cache.ts';
import { errors, idParams } from '../admin-categories/index.ts';

const tags = ['admin'];

/** Back office: brands (staff). Each write is one transaction with its audit record, then the response cache is cleared. */
export const adminBrandsRoutes: FastifyPluginAsyncZod = async (app) => {
  const actor = (request: { user?: unknown }) => request.user as RequestUser;
  const changed = async <T>(value: T) => {
    await app.responseCache.invalidate();
    return value;
  };

  app.get(
    '/api/admin/brands',
    { config: { adminRole: 'staff' }, schema: { tags, summary: 'Every brand', response: { 200: z.object({ data: z.array(adminBrandSchema) }) } } },
    async (_request, reply) => {
      noStore(reply);
      return { data: await listBrands(app.db) };
    },
  );

  app.get(
    '/api/admin/brands/:id',
    { config: { adminRole: 'staff' }, schema: { tags, summary: 'One brand', params: idParams, response: { 200: adminBrandSchema, ...errors } } },
    async (request, reply) => {
      noStore(reply);
      return getBrand(app.db, request.params.id);
    },
  );

  app.post(
    '/api/admin/brands',
    {
      config: { adminRole: 'staff' },
      bodyLimit: 32 * 1024,
      schema: { tags, summary: 'Create a brand', body: brandInputSchema, response: { 201: adminBrandSchema, ...errors } },
    },
    async (request, reply) => {
      noStore(reply);
      return reply.code(201).send(await changed(await createBrand(app.db, actor(request), request.body)));
    },
  );

  app.put(
    '/api/admin/brands/:id',
    {
      config: { adminRole: 'staff' },
      bodyLimit: 32 * 1024,
      schema: { tags, summary: 'Update a brand', params: idParams, body: brandInputSchema, response: { 200: adminBrandSchema, ...errors } },
    },
    async (request, reply) => {
      noStore(reply);
      return changed(await updateBrand(app.db, actor(request), request.params.id, request.body));
    },
  );

  app.delete(
    '/api/admin/brands/:id',
    {
      config: { adminRole: 'staff' },
      schema: { tags, summary: 'Delete a brand (409 while products carry it or a menu links to it)', params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      noStore(reply);
      await deleteBrand(app.db, actor(request), request.params.id);
      await app.responseCache.invalidate();
      return reply.code(204).send(null);
    },
  );

  await registerImageUpload(app, '/api/admin/brands/images', 'staff', 'a brand');
};
