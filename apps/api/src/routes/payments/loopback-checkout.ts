import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { Refusal } from '../../lib/refusal.ts';
import { LOOPBACK_CHECKOUT_SCRIPT_PATH, LOOPBACK_FAIL_PATH, LOOPBACK_PAY_PATH, loopbackCheckoutScript } from '../../payments/razorpay/loopback-checkout.ts';
import type { LoopbackGateway } from '../../payments/razorpay/loopback-gateway.ts';

/** What the stand-in checkout.js sends: the key it was opened with and the provider order, as Razorpay's would. */
const checkoutRequestSchema = z.object({
  key: z.string().max(100),
  order_id: z.string().max(100),
});

/** What Checkout hands `handler` after a successful payment. */
const checkoutResultSchema = z.object({
  razorpay_payment_id: z.string(),
  razorpay_order_id: z.string(),
  razorpay_signature: z.string(),
});

/** Razorpay Checkout's `payment.failed` argument: `{ error: { code, description, source, step, reason, metadata } }`. */
const paymentFailedSchema = z.object({
  error: z.object({
    code: z.string(),
    description: z.string(),
    source: z.string(),
    step: z.string(),
    reason: z.string(),
    metadata: z.object({ order_id: z.string(), payment_id: z.string() }),
  }),
});

/**
 * The loopback gateway's browser side (decision 061): its stand-in for checkout.js, and the two calls that script makes
 * when the tester presses Pay or Fail. They exist only while the loopback gateway stands in for Razorpay (no
 * RAZORPAY_* keys, never in production: config.ts refuses that): with real keys every one answers 404 `not_found`.
 * Like Razorpay's own checkout they need no sign-in: the key id and the provider order id are what is checked.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const loopbackCheckoutRoutes: FastifyPluginAsyncZod = async (app) => {
  const gatewayOrRefuse = (): LoopbackGateway => {
    const gateway = app.payments.gateway;
    if (!gateway) throw new Refusal('not_found');
    return gateway;
  };
  /** The provider order the checkout was opened for, still open to a payment. */
  const openOrder = (gateway: LoopbackGateway, body: z.infer<typeof checkoutRequestSchema>) => {
    const order = gateway.orders.get(body.order_id);
    if (body.key !== gateway.keys.keyId || !order) throw new Refusal('payment_checkout_unknown');
    // Razorpay takes no further payment on a paid order.
    if (order.status === 'paid') throw new Refusal('payment_not_pending');
    return order;
  };

  let script: string | undefined;
  app.get(
    LOOPBACK_CHECKOUT_SCRIPT_PATH,
    {
      schema: {
        tags: ['payments'],
        summary: "The loopback test gateway's stand-in for Razorpay's checkout.js (only while it runs; 404 otherwise)",
        response: { 200: z.string(), 404: errorResponseSchema },
      },
    },
    async (_request, reply) => {
      gatewayOrRefuse();
      script ??= loopbackCheckoutScript();
      noStore(reply);
      return reply.type('text/javascript; charset=utf-8').send(script);
    },
  );

  app.post(
    LOOPBACK_PAY_PATH,
    {
      bodyLimit: 1024,
      schema: {
        tags: ['payments'],
        summary: 'Loopback gateway: the tester pays a provider order (a real payment id, checkout signature and signed webhooks)',
        body: checkoutRequestSchema,
        response: { 200: checkoutResultSchema, 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const gateway = gatewayOrRefuse();
      const order = openOrder(gateway, request.body);
      const { checkout } = await gateway.pay(order.id);
      return checkout;
    },
  );

  app.post(
    LOOPBACK_FAIL_PATH,
    {
      bodyLimit: 1024,
      schema: {
        tags: ['payments'],
        summary: "Loopback gateway: the tester's payment fails at the bank (a failed payment and its payment.failed webhook)",
        body: checkoutRequestSchema,
        response: { 200: paymentFailedSchema, 400: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const gateway = gatewayOrRefuse();
      const order = openOrder(gateway, request.body);
      const { paymentId } = await gateway.fail(order.id);
      const payment = gateway.payments.get(paymentId);
      return {
        error: {
          code: payment?.error_code ?? 'BAD_REQUEST_ERROR',
          description: payment?.error_description ?? 'Payment failed',
          source: payment?.error_source ?? 'customer',
          step: payment?.error_step ?? 'payment_authorization',
          reason: payment?.error_reason ?? 'payment_failed',
          metadata: { order_id: order.id, payment_id: paymentId },
        },
      };
    },
  );
};
