import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { Refusal } from '../../lib/refusal.ts';
import { SHIPROCKET_WEBHOOK_PATH, TRACKING_WEBHOOK_PATH } from '../../plugins/shipping.ts';
import { applyCarrierEvent } from '../../shipping/apply-event.ts';

/** A tracking update is a few kilobytes (its scans); a generous bound keeps a flood of large bodies cheap to refuse. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * Shiprocket's tracking webhook (issue 22, decision 085). The token set in Shiprocket's panel comes back as
 * `x-api-key` and is checked first, in constant time, before the body is even parsed (401
 * `shipment_webhook_unauthorised`). The update is stored once by its key and applied by the carrier's time; a
 * redelivery answers 200 `duplicate`. Shiprocket wants a 200 for anything it should not send again.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const shippingWebhookRoutes: FastifyPluginAsyncZod = async (app) => {
  // Shiprocket's panel refuses a webhook URL containing "shiprocket" (or "kartrocket", "sr", "kr"): the address to give
  // it is the second, the same route under a neutral name (decision 085).
  for (const path of [SHIPROCKET_WEBHOOK_PATH, TRACKING_WEBHOOK_PATH]) registerWebhook(app, path);
};

function registerWebhook(app: Parameters<FastifyPluginAsyncZod>[0], path: string) {
  app.post(
    path,
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      onRequest: (request, _reply, done) => {
        if (app.shipping.carrier.verifyWebhook(request.headers)) {
          done();
          return;
        }
        request.log.warn({ reqId: request.id }, 'shipping: webhook with a wrong or missing token');
        done(new Refusal('shipment_webhook_unauthorised'));
      },
      schema: {
        tags: ['shipping'],
        summary: "Shiprocket's tracking webhook: one carrier update, applied once and never backwards",
        description:
          "Called by Shiprocket, not by browsers. Header `x-api-key` must be SHIPROCKET_WEBHOOK_TOKEN (else 401). The body is Shiprocket's tracking update (awb, shipment_status_id, current_timestamp, scans, etd…). Outcomes: applied, stale (older than what was applied), ignored (a status the shop does not act on, or after the journey ended), duplicate, unknown_awb.",
        headers: z.object({ 'x-api-key': z.string().max(500).optional() }).passthrough(),
        body: z.looseObject({}),
        response: {
          200: z.object({ ok: z.literal(true), outcome: z.enum(['applied', 'stale', 'ignored', 'duplicate', 'unknown_awb']) }),
          400: errorResponseSchema,
          401: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const event = app.shipping.carrier.parseWebhook(request.body);
      if (!event) throw new Refusal('shipment_webhook_invalid');
      const result = await applyCarrierEvent(app.shipping.deps(), event, request.body);
      request.log.info({ awb: event.awb, status: event.carrierStatus, outcome: result.outcome, orderId: result.orderId }, 'shipping: webhook');
      return { ok: true as const, outcome: result.outcome };
    },
  );
}
