import { stockAlertAnswerSchema, stockAlertRequestSchema } from '@shop/domain/wishlist';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { requestStockAlert } from '../../stock-alerts/request-alert.ts';

/** Requests per client address and hour: enough for a shopper, too few to sign strangers up in bulk. */
const limit = { max: 20, timeWindow: 60 * 60_000 };

/**
 * POST /api/stock-alerts: "Notify me when it is back" on a product that is out of stock (issue 24, decision 100), by
 * e-mail or SMS, signed in or not (the storefront fills in a signed-in shopper's address or number). One message
 * when the stock returns, then the request ends. A second identical request while one is open is the same request:
 * the answer is the same (202), so it tells no one who else is waiting.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const stockAlertsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/stock-alerts',
    {
      bodyLimit: 2 * 1024,
      config: { rateLimit: limit },
      schema: {
        tags: ['catalogue'],
        summary: 'Ask for one e-mail or SMS when an out-of-stock product is back',
        body: stockAlertRequestSchema,
        response: {
          202: stockAlertAnswerSchema,
          400: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      noStore(reply);
      await requestStockAlert(app.db, request.body);
      return reply.code(202).send({ status: 'waiting' as const });
    },
  );
};
