import { orderSchema } from '@shop/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { caller } from '../../orders/deps.ts';
import { payOnDelivery } from '../../payments/pay-on-delivery.ts';

const idParams = z.object({ id: z.string().max(100) });

/**
 * The shopper's way out of a failed or abandoned online payment (issue 20, decision 062): pay the same order on
 * delivery instead, where cash on delivery is allowed. Verifying a payment is POST …/payment/verify (user-orders).
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const userOrderPaymentRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user/order/:id/payment/cash-on-delivery',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders', 'payments'],
        summary: 'Pay an unpaid prepaid order of mine on delivery instead',
        description:
          "Only a prepaid order of the caller that is still placed and unpaid (pending or failed), within its reservation: otherwise 409 `payment_not_pending`, or 409 `payment_reservation_expired` once the reservation has run out. Cash on delivery must be allowed for it as when placing: a line sold without cash on delivery 422 `cod_unavailable` (naming the lines); too many open cash-on-delivery orders (the shop's cap, else OPEN_COD_ORDERS_MAX) 409 `open_orders_limit`; a blocked delivery pincode 422 `cod_pincode_blocked` (naming addressId); over the shop's maximum COD value, fee included, 422 `cod_order_value_exceeded` (naming paymentMethod). The prepaid saving is removed and the COD fee added (grandTotal recomputed); when the shop asks for COD confirmation the order then awaits it (SMS code or link). Another user's order 404 `order_not_found`. The order keeps its stock and coupon; the \"order placed\" message follows.",
        params: idParams,
        response: {
          200: orderSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const order = await payOnDelivery(app.db, app.cod, {
        userId: caller(request).id,
        orderId: request.params.id,
        openCodLimit: app.orderLimits.settings.openCod,
      });
      app.outbox.worker.wake();
      return order;
    },
  );
};
