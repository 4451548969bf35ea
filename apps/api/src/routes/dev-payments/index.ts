import { orders } from '@shop/db';
import { and, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { Refusal } from '../../lib/refusal.ts';
import { caller } from '../../orders/deps.ts';
import { isOrderId } from '../../orders/order-view.ts';

/**
 * POST /api/dev/payments/loopback/pay: the signed-in customer "pays" their own prepaid order at the loopback Razorpay
 * (decision 059), which sends Razorpay's signed webhooks to this API's webhook route, as a shopper paying through
 * checkout would. For browser tests of what happens after a payment (the back office's refunds, decision 063) and
 * for a newcomer trying refunds under `npm start`. Registered only while the loopback gateway stands in for Razorpay
 * (no RAZORPAY_* keys), which production refuses: with real keys the route does not exist (404).
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const devPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const gateway = app.payments.gateway;
  if (!gateway) return;
  app.post(
    '/api/dev/payments/loopback/pay',
    {
      onRequest: app.requireUser,
      bodyLimit: 1024,
      schema: {
        tags: ['dev'],
        summary: 'Pay your own prepaid order at the loopback test gateway (only while it stands in for Razorpay)',
        body: z.object({ orderId: z.string().max(100) }),
        response: {
          200: z.object({ paymentId: z.string(), webhooks: z.array(z.object({ event: z.string(), status: z.number().int() })) }),
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { orderId } = request.body;
      if (!isOrderId(orderId)) throw new Refusal('order_not_found');
      const [order] = await app.db
        .select({ providerOrderId: orders.providerOrderId, paymentStatus: orders.paymentStatus })
        .from(orders)
        .where(and(eq(orders.id, orderId.toLowerCase()), eq(orders.userId, caller(request).id)));
      if (!order) throw new Refusal('order_not_found');
      if (!order.providerOrderId || !gateway.orders.has(order.providerOrderId) || !['pending', 'failed'].includes(order.paymentStatus)) {
        throw new Refusal('payment_not_pending');
      }
      const paid = await gateway.pay(order.providerOrderId);
      return { paymentId: paid.paymentId, webhooks: paid.webhooks.map((sent) => ({ event: sent.event, status: sent.status })) };
    },
  );
};
