import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { Refusal } from '../../lib/refusal.ts';
import { receiveWebhook } from '../../payments/webhook.ts';
import { RAZORPAY_WEBHOOK_PATH } from '../../plugins/payments.ts';

/** Razorpay's events are a few kilobytes; a generous bound still keeps a flood of large bodies cheap to refuse. */
const WEBHOOK_BODY_LIMIT = 256 * 1024;

const header = (value: unknown) => (typeof value === 'string' ? value : undefined);

/**
 * Payment providers' webhooks (issue 20, decision 060). The body is kept as the exact bytes received: the signature
 * is over them ("do not parse or cast the webhook request body"), so this plugin's parser takes any content type as a
 * Buffer and the input guard leaves the route alone (config.rawBody). No cookie ever comes with a webhook, so the
 * CSRF guard lets it through. Signature first, then the event is recorded and applied; every answer is quick.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const paymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT }, (_request, body, done) => done(null, body));

  app.post(
    RAZORPAY_WEBHOOK_PATH,
    {
      config: { rawBody: true },
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags: ['payments'],
        summary: "Razorpay's webhook: a signed payment or refund event, applied once",
        description:
          'Called by Razorpay, not by browsers. `X-Razorpay-Signature` must be the hex HMAC-SHA256 of the raw body with the webhook secret (else 400 `webhook_signature_invalid`, changing nothing); `x-razorpay-event-id` makes a redelivery answer 200 without changing anything. Handles payment.authorized, payment.captured, payment.failed, order.paid, refund.processed and refund.failed; an order never moves back from paid, and an amount or currency that does not match the order is flagged, not applied.',
        headers: z
          .object({
            'x-razorpay-signature': z.string().optional(),
            'x-razorpay-event-id': z.string().optional(),
          })
          .passthrough(),
        response: {
          200: z.object({
            received: z.literal(true),
            /** applied, ignored (nothing to change), flagged (a mismatch, for staff), duplicate, unknown_order. */
            outcome: z.string(),
          }),
          400: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const rawBody = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      try {
        const result = await receiveWebhook(app.db, app.payments.provider, {
          rawBody,
          signature: header(request.headers['x-razorpay-signature']),
          eventId: header(request.headers['x-razorpay-event-id']),
        });
        request.log.info({ event: result.event, outcome: result.outcome, orderId: result.orderId }, 'payments: webhook');
        // A first confirmation wrote the customer's "payment received" message (a capture after it wrote none).
        if (result.messagesWritten) app.outbox.worker.wake();
        // The order was paid: its GST invoice is due, issued by the batch issuer (decision 109).
        if (result.invoiceDue) app.invoices.issuer.wake();
        // A refund put sold-out items back in stock: cached "out of stock" answers must go.
        if (result.stockCameBack) await app.responseCache.invalidate(undefined, { awaitStorefront: false });
        return { received: true as const, outcome: result.outcome };
      } catch (error) {
        // A forged, replayed-with-changes or garbled delivery: logged (with this request's id) for the shop to see.
        if (error instanceof Refusal) request.log.warn({ code: error.code, reqId: request.id }, 'payments: webhook refused');
        throw error;
      }
    },
  );
};
