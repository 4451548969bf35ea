import { codCodeRequestSchema, codConfirmedSchema, codTermsOf, codTermsSchema, codTokenRequestSchema } from '@shop/domain/cod/cod-settings';
import { orderSchema } from '@shop/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { confirmByCode, confirmByToken } from '../../cod/cod-confirmation.ts';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { Refusal } from '../../lib/refusal.ts';
import { caller } from '../../orders/deps.ts';
import { findOrder } from '../../orders/order-view.ts';

const idParams = z.object({ id: z.string().max(100) });

/**
 * Cash on delivery's terms and confirmation (issue 20, decisions 065 and 066): what the checkout shows (the fee, the
 * maximum, the blocked pincodes, the prepaid saving), and the shopper's confirmation of a COD order by the SMS code
 * (their own order, signed in) or by the link's token (the token is the proof: no sign-in, one use).
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const codRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/checkout/cod-terms',
    {
      schema: {
        tags: ['orders'],
        summary: "The shop's cash-on-delivery terms for the checkout: fee, maximum, blocked pincodes, prepaid saving, confirmation (paise)",
        response: { 200: codTermsSchema },
      },
    },
    async (_request, reply) => {
      // Settings change at any time (a save clears the API's own memo); the checkout asks on each visit.
      noStore(reply);
      return codTermsOf(await app.cod.settings());
    },
  );

  app.post(
    '/api/user/order/:id/cod-confirmation',
    {
      onRequest: app.requireUser,
      bodyLimit: 1024,
      schema: {
        tags: ['orders'],
        summary: 'Confirm my cash-on-delivery order with the code from the SMS',
        description:
          'A wrong code answers 400 `cod_code_wrong`; after 5 wrong codes 409 `cod_code_locked`. An order not waiting (confirmed, cancelled, past its time) answers 409 `cod_confirmation_closed`.',
        params: idParams,
        body: codCodeRequestSchema,
        response: { 200: orderSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const me = caller(request);
      await confirmByCode(app.db, { orderId: request.params.id, userId: me.id, code: request.body.code });
      const order = await findOrder(app.db, request.params.id.toLowerCase(), me.id);
      if (!order) throw new Refusal('order_not_found');
      return order;
    },
  );

  app.post(
    '/api/orders/cod-confirmation',
    {
      bodyLimit: 1024,
      schema: {
        tags: ['orders'],
        summary: 'Confirm a cash-on-delivery order through the link sent by SMS (its token; works once)',
        body: codTokenRequestSchema,
        response: { 200: codConfirmedSchema, 400: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return confirmByToken(app.db, request.body.token);
    },
  );
};
