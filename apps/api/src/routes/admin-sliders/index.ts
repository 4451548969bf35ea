import { adminSliderSchema, sliderInputSchema } from '@shop/domain/admin/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestUser } from '../../auth/request-user.ts';
import { registerImageUpload } from '../../admin/categories/image-route.ts';
import { createSlider, deleteSlider, getSlider, listSliders, updateSlider } from '../../admin/sliders/sliders.ts';
import { noStore } from '../../lib/cache.ts';
import { errors, idParams } from '../admin-categories/index.ts';

const tags = ['admin'];

/** Back office: sliders (staff). Each write is one transaction with its audit record, then the response cache is cleared. */
export const adminSlidersRoutes: FastifyPluginAsyncZod = async (app) => {
  const actor = (request: { user?: unknown }) => request.user as RequestUser;
  const changed = async <T>(value: T) => {
    await app.responseCache.invalidate();
    return value;
  };

  app.get(
    '/api/admin/sliders',
    { config: { adminRole: 'staff' }, schema: { tags, summary: 'Every slide', response: { 200: z.object({ data: z.array(adminSliderSchema) }) } } },
    async (_request, reply) => {
      noStore(reply);
      return { data: await listSliders(app.db) };
    },
  );

  app.get(
    '/api/admin/sliders/:id',
    { config: { adminRole: 'staff' }, schema: { tags, summary: 'One slide', params: idParams, response: { 200: adminSliderSchema, ...errors } } },
    async (request, reply) => {
      noStore(reply);
      return getSlider(app.db, request.params.id);
    },
  );

  app.post(
    '/api/admin/sliders',
    {
      config: { adminRole: 'staff' },
      bodyLimit: 32 * 1024,
      schema: { tags, summary: 'Create a home-page slide', body: sliderInputSchema, response: { 201: adminSliderSchema, ...errors } },
    },
    async (request, reply) => {
      noStore(reply);
      return reply.code(201).send(await changed(await createSlider(app.db, actor(request), request.body)));
    },
  );

  app.put(
    '/api/admin/sliders/:id',
    {
      config: { adminRole: 'staff' },
      bodyLimit: 32 * 1024,
      schema: { tags, summary: 'Update a home-page slide', params: idParams, body: sliderInputSchema, response: { 200: adminSliderSchema, ...errors } },
    },
    async (request, reply) => {
      noStore(reply);
      return changed(await updateSlider(app.db, actor(request), request.params.id, request.body));
    },
  );

  app.delete(
    '/api/admin/sliders/:id',
    { config: { adminRole: 'staff' }, schema: { tags, summary: 'Delete a slide', params: idParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      noStore(reply);
      await deleteSlider(app.db, actor(request), request.params.id);
      await app.responseCache.invalidate();
      return reply.code(204).send(null);
    },
  );

  await registerImageUpload(app, '/api/admin/sliders/images', 'staff', 'a home-page slide');
};
