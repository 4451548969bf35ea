import {
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  orderCountSchema,
  orderListSchema,
  orderSchema,
  placeOrderRequestSchema,
  verifyPaymentRequestSchema,
} from '@shop/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema, intQuery } from '../../lib/params.ts';
import { fieldRefusal, Refusal } from '../../lib/refusal.ts';
import { changeStatus } from '../../orders/change-status.ts';
import { caller, orderDeps } from '../../orders/deps.ts';
import { retryAfterOf } from '../../orders/limits.ts';
import { countOrders, findOrder, listOrders } from '../../orders/order-view.ts';
import { placeOrder } from '../../orders/place-order.ts';
import { verifyCheckout } from '../../payments/verify-checkout.ts';
import { checkoutOf } from '../../payments/start-checkout.ts';
import { awaitsPayment } from '@shop/domain/payment';

/** An order's lines of ids and quantities fit in a few kilobytes. */
const BODY_LIMIT = 16 * 1024;

const idParams = z.object({ id: z.string().max(100) });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };

/**
 * The signed-in customer's orders (issue 4): place one, list them, read one, cancel one. Only ever the caller's
 * own: another user's order id answers 404 `order_not_found`, exactly like one that does not exist. Refusals are the
 * order services' coded ones (refusals/orders.ts), answered by the one error handler.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const userOrdersRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = orderDeps(app);

  app.addHook('onRequest', async (_request, reply) => {
    noStore(reply);
  });

  app.post(
    '/api/user/order',
    {
      // The user row is read (and checked) in the order's own first statement: see placeOrder.
      onRequest: app.requireCaller,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['orders'],
        summary: 'Place an order (cash on delivery or prepaid). The server prices it; an Idempotency-Key header makes retries safe',
        description:
          'Prices, totals and mrp sent by a client are ignored. With `Idempotency-Key`, a retry (in sequence or at the same time) answers the first order (200, header idempotent-replayed: true); the same key with another body answers 422 `idempotency_key_reused`, and while the first is still being placed 409 `order_in_flight`. Abuse limits (README "Limits"): too many orders in the last minute or hour answer 429 `order_rate_limited` with Retry-After; too many open cash-on-delivery orders 409 `open_orders_limit`; too many wrong coupon codes 429 `coupon_tries_exceeded`. A prepaid order (`paymentMethod: prepaid`) holds its stock for PAYMENT_RESERVATION_MINUTES and answers `payment` (Razorpay key id, provider order id, amount in paise) for the browser to open checkout; if the provider cannot be reached the order is cancelled at once and the answer is 503 `payment_provider_unavailable`.',
        headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: z.string().optional() }).passthrough(),
        body: placeOrderRequestSchema,
        response: {
          200: orderSchema,
          201: orderSchema,
          ...errors,
          409: errorResponseSchema,
          422: errorResponseSchema,
          429: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      const header = request.headers[IDEMPOTENCY_KEY_HEADER];
      let key: string | undefined;
      if (header !== undefined) {
        const parsed = idempotencyKeySchema.safeParse(header);
        if (!parsed.success) throw fieldRefusal('Idempotency-Key', 'idempotency_key_invalid');
        key = parsed.data;
      }
      const { order, replayed } = await placeOrder(deps, { userId: request.callerId as string, sessionId: request.callerSessionId as string }, request.body, {
        key,
        ip: request.ip,
      }).catch((error: unknown) => {
        const retryAfter = retryAfterOf(error);
        if (retryAfter) reply.header('retry-after', retryAfter);
        if (error instanceof Refusal && error.code === 'payment_provider_unavailable') {
          request.log.warn({ err: error.cause }, 'payments: the provider could not open a payment; the order was cancelled');
        }
        throw error;
      });
      if (replayed) reply.header('idempotent-replayed', 'true');
      return reply.code(replayed ? 200 : 201).send(order);
    },
  );

  app.get(
    '/api/user/orders',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'My orders, newest first',
        querystring: z.object({ page: intQuery({ min: 1, max: 10_000, default: 1 }), limit: intQuery({ min: 1, max: 50, default: 10 }) }),
        response: { 200: orderListSchema, 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => listOrders(app.db, caller(request).id, request.query.page, request.query.limit),
  );

  app.get(
    '/api/orders-count',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'How many orders I have',
        response: { 200: orderCountSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ total: await countOrders(app.db, caller(request).id) }),
  );

  app.get(
    '/api/user/order/:id',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'One of my orders: lines, totals, address, status timeline (and, while it waits for its payment, the checkout to open)',
        params: idParams,
        response: { 200: orderSchema, ...errors },
      },
    },
    async (request) => {
      const order = await findOrder(app.db, request.params.id, caller(request).id);
      if (!order) throw new Refusal('order_not_found');
      // Still waiting for its payment: what the browser opens checkout with again ("Pay now", a retry).
      const payment = awaitsPayment(order.paymentMethod, order.paymentStatus) ? await checkoutOf(app.db, app.payments, order._id) : undefined;
      return payment ? { ...order, payment } : order;
    },
  );

  app.post(
    '/api/user/order/:id/cancel',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: 'Cancel one of my orders (until it goes into production); its stock and coupon use are given back',
        params: idParams,
        response: { 200: orderSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request) => {
      const me = caller(request);
      return changeStatus(deps, { orderId: request.params.id, to: 'cancelled', actor: 'customer', actorUserId: me.id, ownerId: me.id });
    },
  );

  app.post(
    '/api/user/order/:id/payment/verify',
    {
      onRequest: app.requireUser,
      bodyLimit: 4 * 1024,
      schema: {
        tags: ['orders', 'payments'],
        summary: "Confirm a prepaid order's payment with what Razorpay Checkout handed the browser",
        description:
          'The signature is checked against the provider order stored for this order (400 `payment_signature_invalid`; another order id 400 `payment_order_mismatch`), then the payment is fetched from Razorpay: not authorised or captured 409 `payment_not_completed`, another amount 409 `payment_amount_mismatch` (flagged for the shop). Marks the order paid once; a repeat answers the same order. Not a prepaid order waiting for payment: 409 `payment_not_pending`.',
        params: idParams,
        body: verifyPaymentRequestSchema,
        response: { 200: orderSchema, ...errors, 409: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request) => {
      try {
        const order = await verifyCheckout(app.db, app.payments.provider, { userId: caller(request).id, orderId: request.params.id }, request.body);
        // The confirmation may have written the customer's "payment received" message.
        app.outbox.worker.wake();
        return order;
      } catch (error) {
        // A forged or mismatched signature changes nothing and is logged with the request id (issue 20).
        if (error instanceof Refusal && error.code.startsWith('payment_'))
          request.log.warn({ code: error.code, reqId: request.id }, 'payments: verification refused');
        throw error;
      }
    },
  );
};
