import { couponCheckRequestSchema, couponCheckResponseSchema, couponMessages } from '@shop/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { checkCouponAvailable, discountFor, findCoupon } from '../../orders/coupons.ts';
import { answering, caller } from '../../orders/deps.ts';
import { priceLines } from '../../orders/price-lines.ts';

/**
 * POST /api/user/coupon: checks a code against the caller's cart (spec §7, issue 4). The cart is priced from the
 * database, never from the client. An unknown, inactive, not-yet-started or expired code answers 422; a coupon used
 * up (in total or by this customer) 409. A cart below the minimum gets 200 with amount 0 and a message saying
 * what is missing, because the cart shows the coupon with no discount until the minimum is reached (spec §9).
 */
export const userCouponRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/user/coupon',
    {
      onRequest: app.requireUser,
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['orders'],
        summary: "Check a coupon code against my cart: its terms and today's discount for this cart",
        body: couponCheckRequestSchema,
        response: {
          200: couponCheckResponseSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          409: errorResponseSchema,
          422: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return answering(reply, async () => {
        const coupon = await findCoupon(app.db, request.body.code, 'code');
        await checkCouponAvailable(app.db, coupon, caller(request).id, 'code');
        // The coupon is about money: a line short of stock is the order's business, not the coupon's.
        const cart = await priceLines(app.db, request.body.items, { checkStock: false });
        const applicable = cart.total >= coupon.minimum;
        return {
          code: coupon.code,
          minimum: coupon.minimum,
          discount: { type: coupon.type, value: coupon.value },
          total: cart.total,
          amount: discountFor(coupon, cart.total),
          applicable,
          message: applicable ? null : couponMessages.minimum(coupon.minimum),
          endsAt: coupon.endsAt?.toISOString() ?? null,
        };
      });
    },
  );
};
