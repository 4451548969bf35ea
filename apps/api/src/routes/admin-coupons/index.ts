import { adminCouponSchema, couponInputSchema } from '@shop/domain/admin/catalogue';
import { paginatedSchema } from '@shop/domain/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestUser } from '../../auth/request-user.ts';
import { createCoupon, deleteCoupon, getCoupon, listCoupons, updateCoupon } from '../../admin/coupons/coupons.ts';
import { noStore } from '../../lib/cache.ts';
import { intQuery, limitQuery, text } from '../../lib/params.ts';
import { errors, idParams } from '../admin-categories/index.ts';

const tags = ['admin'];
const listQuery = z.object({ q: text({ max: 30 }).optional(), page: intQuery({ min: 1, max: 1000, default: 1 }), limit: limitQuery(50, 100) });
const pageSchema = paginatedSchema(adminCouponSchema);

/**
 * Back office: coupons (staff). Coupons are not catalogue answers the response cache holds, but the check and
 * order paths read them fresh each time, so a change applies to the next cart check without any cache to clear.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const adminCouponsRoutes: FastifyPluginAsyncZod = async (app) => {
  const actor = (request: { user?: unknown }) => request.user as RequestUser;

  app.get(
    '/api/admin/coupons',
    {
      config: { adminRole: 'staff' },
      schema: { tags, summary: 'Coupons, newest first, with uses so far; q searches codes', querystring: listQuery, response: { 200: pageSchema, ...errors } },
    },
    async (request, reply) => {
      noStore(reply);
      return listCoupons(app.db, request.query);
    },
  );

  app.get(
    '/api/admin/coupons/:id',
    { config: { adminRole: 'staff' }, schema: { tags, summary: 'One coupon', params: idParams, response: { 200: adminCouponSchema, ...errors } } },
    async (request, reply) => {
      noStore(reply);
      return getCoupon(app.db, request.params.id);
    },
  );

  app.post(
    '/api/admin/coupons',
    {
      config: { adminRole: 'staff' },
      bodyLimit: 8 * 1024,
      schema: { tags, summary: 'Create a coupon (money in paise)', body: couponInputSchema, response: { 201: adminCouponSchema, ...errors } },
    },
    async (request, reply) => {
      noStore(reply);
      return reply.code(201).send(await createCoupon(app.db, actor(request), request.body));
    },
  );

  app.put(
    '/api/admin/coupons/:id',
    {
      config: { adminRole: 'staff' },
      bodyLimit: 8 * 1024,
      schema: { tags, summary: "Change a coupon's terms", params: idParams, body: couponInputSchema, response: { 200: adminCouponSchema, ...errors } },
    },
    async (request, reply) => {
      noStore(reply);
      return updateCoupon(app.db, actor(request), request.params.id, request.body);
    },
  );

  app.delete(
    '/api/admin/coupons/:id',
    {
      config: { adminRole: 'staff' },
      schema: { tags, summary: 'Delete a coupon no order used (409 otherwise: make it inactive)', params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      noStore(reply);
      await deleteCoupon(app.db, actor(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};
