import { dashboardSchema } from '@shop/domain/admin/orders';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { dashboard } from '../../admin/orders/dashboard.ts';
import { revenueByMethod } from '../../admin/payments/revenue-by-method.ts';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';

/**
 * GET /api/admin/dashboard (staff, admin): today's orders and revenue, today's revenue by payment method (cash on
 * delivery; online captured less refunded), orders by status, waiting for details, low stock.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const adminDashboardRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/dashboard',
    {
      config: { adminRole: 'staff' },
      schema: {
        tags: ['admin'],
        summary: "The back office's dashboard (staff, admin)",
        response: { 200: dashboardSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      noStore(reply);
      const numbers = await dashboard(app.db);
      return { ...numbers, revenueByMethod: await revenueByMethod(app.db, numbers.day) };
    },
  );
};
