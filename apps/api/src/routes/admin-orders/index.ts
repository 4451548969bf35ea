import { orderSchema, orderStatusChangeRequestSchema } from '@shop/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { changeStatus } from '../../orders/change-status.ts';
import { caller, orderDeps } from '../../orders/deps.ts';
import { adminOrderReadRoutes } from './read-routes.ts';

/**
 * The shop moves orders along (staff or admin): POST /api/admin/orders/{id}/status with the new status, an optional
 * note and, when shipping, the carrier and tracking number (and link). The status machine of @shop/domain decides
 * what is allowed (409 otherwise); cancelling needs a reason (the note), returns the stock and the coupon use. Each
 * move is written to the audit log with the order's status and tracking before and after.
 */
export const adminOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(adminOrderReadRoutes);
  const deps = orderDeps(app);
  app.post(
    '/api/admin/orders/:id/status',
    {
      config: { adminRole: 'staff' },
      bodyLimit: 4 * 1024,
      schema: {
        tags: ['admin'],
        summary: "Change an order's status (staff, admin)",
        params: z.object({ id: z.string().max(100) }),
        body: orderStatusChangeRequestSchema,
        response: {
          200: orderSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          403: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return changeStatus(deps, {
        orderId: request.params.id,
        to: request.body.status,
        actor: 'shop',
        actorUserId: caller(request).id,
        note: request.body.note,
        tracking: request.body.tracking,
        auditActor: caller(request),
      });
    },
  );
};
