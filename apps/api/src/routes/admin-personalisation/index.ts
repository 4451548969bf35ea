import { personalisationTemplateSchema, templateInputSchema } from '@shop/domain/gift/personalisation';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { deleteTemplate, readTemplate, saveTemplate } from '../../gifting/personalisation-templates.ts';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { Refusal } from '../../lib/refusal.ts';
import { caller } from '../../orders/deps.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const path = '/api/admin/products/:id/personalisation';
const staff = { adminRole: 'staff' as const };
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const idParams = z.object({ id: z.string().max(100) });
/** Eight areas of a dozen short fields each. */
const TEMPLATE_BODY_LIMIT = 32 * 1024;

function productId(request: { params: { id: string } }): string {
  if (!UUID.test(request.params.id)) throw new Refusal('admin_product_not_found');
  return request.params.id.toLowerCase();
}

/**
 * The live personalisation preview's template of a product (issue 24, docs/decisions/107), for staff and admins. The
 * shop serves it to everyone with the product (GET /api/product/{slug}, `personalisation`); these routes edit it.
 * Every change is audited and empties the API's response cache, so the product page shows it at once.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const adminPersonalisationRoutes: FastifyPluginAsyncZod = async (app) => {
  const changed = async <T>(value: T): Promise<T> => {
    await app.responseCache.invalidate();
    return value;
  };

  app.get(
    path,
    {
      config: staff,
      schema: {
        tags: ['admin'],
        operationId: 'adminPersonalisationTemplate',
        summary: "A product's personalisation template, or 404 template_not_found (staff, admin)",
        params: idParams,
        response: { 200: personalisationTemplateSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const template = await readTemplate(app.db, productId(request));
      if (!template) throw new Refusal('template_not_found');
      return template;
    },
  );

  app.put(
    path,
    {
      config: staff,
      bodyLimit: TEMPLATE_BODY_LIMIT,
      schema: {
        tags: ['admin'],
        operationId: 'adminSavePersonalisationTemplate',
        summary: "Create or replace a product's personalisation template: a base photo from its images and the areas on it (staff, admin)",
        description:
          'Areas are placed by fractions of the photo (0..1) and must lie inside it; font sizes are pixels of the base photo, the smallest fitting the box. Refusals name the field (`areas.0.w`).',
        params: idParams,
        body: templateInputSchema,
        response: { 200: personalisationTemplateSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return changed(await saveTemplate(app.db, caller(request), productId(request), request.body));
    },
  );

  app.delete(
    path,
    {
      config: staff,
      schema: {
        tags: ['admin'],
        operationId: 'adminDeletePersonalisationTemplate',
        summary: "Remove a product's personalisation template (staff, admin)",
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      await deleteTemplate(app.db, caller(request), productId(request));
      await changed(null);
      return reply.code(204).send(null);
    },
  );
};
