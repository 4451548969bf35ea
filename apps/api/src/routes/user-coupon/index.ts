import { couponCheckRequestSchema, couponCheckResponseSchema } from '@shop/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { checkCoupon } from '../../orders/coupons.ts';
import { caller } from '../../orders/deps.ts';
import { retryAfterOf } from '../../orders/limits.ts';

/**
 * POST /api/user/coupon: checks a code against the caller's cart (spec §7, issue 4). The cart is priced from the
 * database, never from the client. An unknown, inactive, not-yet-started or expired code answers 422
 * (`coupon_not_found`, `coupon_not_started`, `coupon_expired`); a coupon used up in total or by this customer 409
 * (`coupon_used_up`, `coupon_used_by_you`). A cart below the minimum gets 200 with amount 0 and `applicable: false`,
 * because the cart shows the coupon with no discount until the minimum is reached (spec §9). Wrong codes are counted
 * per customer and per client address: past COUPON_TRIES_PER_15_MIN, 429 `coupon_tries_exceeded` (issue 19).
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
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
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { settings, couponTries } = app.orderLimits;
      const guard = { couponTries, maxTries: settings.couponTries, userId: caller(request).id, ip: request.ip };
      return checkCoupon(app.db, guard, request.body).catch((error: unknown) => {
        const retryAfter = retryAfterOf(error);
        if (retryAfter) reply.header('retry-after', retryAfter);
        throw error;
      });
    },
  );
};
