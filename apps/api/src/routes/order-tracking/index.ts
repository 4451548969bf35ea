import { nationalDigits } from '@shop/domain/phone';
import { orderTrackingSchema, trackOrderRequestSchema } from '@shop/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { Refusal } from '../../lib/refusal.ts';
import { trackOrder } from '../../orders/order-view.ts';

/** Per client address: enough for a shopper who mistypes a few times, far too few to guess number/mobile pairs. */
const TRACKING_RATE_LIMIT = { max: 10, timeWindow: 60_000 };

/**
 * POST /api/order/track: anyone holding an order's number and the mobile number on it sees its status timeline and
 * shipment tracking (nothing personal: no address, no lines). A wrong pair answers 404 `tracking_not_found` without
 * saying which half was wrong. POST keeps the phone number out of URLs and access logs.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const orderTrackingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/order/track',
    {
      bodyLimit: 1024,
      config: { rateLimit: TRACKING_RATE_LIMIT },
      schema: {
        tags: ['orders'],
        summary: 'Track an order by its number and the mobile number on it (10 a minute per address)',
        body: trackOrderRequestSchema,
        response: { 200: orderTrackingSchema, 400: errorResponseSchema, 404: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const found = await trackOrder(app.db, request.body.number, nationalDigits(request.body.mobile));
      if (!found) throw new Refusal('tracking_not_found');
      return found;
    },
  );
};
