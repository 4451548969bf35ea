import { adminOrderDetailSchema, adminOrderListQuerySchema, adminOrderListSchema } from '@shop/domain/admin/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAdminOrders } from '../../admin/orders/list-orders.ts';
import { adminOrderDetail } from '../../admin/orders/order-detail.ts';
import { customisationZip } from '../../admin/orders/customisation-zip.ts';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { Refusal } from '../../lib/refusal.ts';
import { findOrder } from '../../orders/order-view.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const params = z.object({ id: z.string().max(100) });

/** The back office reads orders (staff, admin): the filtered list with counts, one order, its photos as a zip. */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const adminOrderReadRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/orders',
    {
      config: { adminRole: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Orders with filters and search, newest first, and the count per status (staff, admin)',
        querystring: adminOrderListQuerySchema,
        response: { 200: adminOrderListSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return listAdminOrders(app.db, request.query);
    },
  );

  app.get(
    '/api/admin/orders/:id',
    {
      config: { adminRole: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'One order with its customer, personalisation and status history (staff, admin)',
        params,
        response: { 200: adminOrderDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const detail = await adminOrderDetail(app.db, request.params.id);
      if (!detail) throw new Refusal('admin_order_not_found');
      return detail;
    },
  );

  app.get(
    '/api/admin/orders/:id/personalisation.zip',
    {
      config: { adminRole: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Every personalisation photo of an order (display size) and a texts file, as a zip (staff, admin)',
        params,
        response: errors,
      },
    },
    async (request, reply) => {
      noStore(reply);
      const order = await findOrder(app.db, request.params.id);
      if (!order) throw new Refusal('admin_order_not_found');
      const stream = await customisationZip(app.db, app.objectStore, order);
      return (
        reply
          .header('content-type', 'application/zip')
          .header('content-disposition', `attachment; filename="${order.number}-personalisation.zip"`)
          .header('x-content-type-options', 'nosniff')
          // A stream, sent as it comes (no serializer runs on it); the schema lists only the errors.
          .send(stream as never)
      );
    },
  );
};
