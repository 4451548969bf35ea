import { Readable } from 'node:stream';
import {
  adminPaymentCsvQuerySchema,
  adminPaymentDetailSchema,
  adminPaymentListQuerySchema,
  adminPaymentListSchema,
  adminRefundSchema,
  flagResolveRequestSchema,
  refundRequestSchema,
} from '@shop/domain/admin/payments';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { exportPaymentsCsv } from '../../admin/payments/csv.ts';
import { paymentDetail } from '../../admin/payments/detail.ts';
import { listPayments } from '../../admin/payments/list.ts';
import { resolvePaymentFlag } from '../../admin/payments/resolve-flag.ts';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { Refusal } from '../../lib/refusal.ts';
import { caller } from '../../orders/deps.ts';
import { isOrderId } from '../../orders/order-view.ts';
import { requestRefund } from '../../payments/refund-order.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const params = z.object({ orderId: z.string().max(100) });
const staff = { adminRole: 'staff' as const };

/**
 * The back office's payments (issue 20, decision 063; staff and admins): the list with filters and as CSV, one
 * order's payment with its refunds and webhook history, refunds (in full, by lines or by amount; the provider's
 * webhook settles them) and the resolution of a flagged payment. Refunds and resolutions are audit-logged.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const adminPaymentsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/payments',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: "Orders' payments with filters (status, method, dates, flagged, search by order number or provider id), newest first (staff, admin)",
        querystring: adminPaymentListQuerySchema,
        response: { 200: adminPaymentListSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return listPayments(app.db, request.query);
    },
  );

  app.get(
    '/api/admin/payments.csv',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: 'The payments the filters match, as CSV (staff, admin)',
        querystring: adminPaymentCsvQuerySchema,
        produces: ['text/csv'],
      },
    },
    async (request, reply) => {
      noStore(reply);
      const day = new Date().toISOString().slice(0, 10);
      reply.type('text/csv; charset=utf-8').header('content-disposition', `attachment; filename="payments-${day}.csv"`);
      return reply.send(Readable.from(exportPaymentsCsv(app.db, request.query)));
    },
  );

  app.get(
    '/api/admin/payments/:orderId',
    {
      config: staff,
      schema: {
        tags: ['admin'],
        summary: "One order's payment: provider ids, amounts, refunds, webhook history, flag (staff, admin)",
        params,
        response: { 200: adminPaymentDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const detail = await paymentDetail(app.db, request.params.orderId);
      if (!detail) throw new Refusal('admin_order_not_found');
      return detail;
    },
  );

  app.post(
    '/api/admin/payments/:orderId/refunds',
    {
      config: staff,
      bodyLimit: 32 * 1024,
      schema: {
        tags: ['admin'],
        summary: 'Refund a paid order in full, by lines or by amount, with a reason (staff, admin)',
        description:
          "Answers 202 with the refund asked of the provider (`pending`); the provider's refund.processed webhook then makes the order `partially_refunded` or `refunded` and, when `restock` was asked, puts the refunded items back in stock once. Refused: 409 `refund_order_not_paid`, 409 `refund_exceeds_remaining` (refunds under way count), 409 `refund_quantity_too_large`, 409 `refund_restock_already_returned` (the order's units are back already: cancelled, or its returned parcel put on sale), 400 `refund_reason_required`, 503 `refund_provider_failed` (the provider refused it), 503 `refund_outcome_unknown` (no answer: the refund stays held until the provider's webhook or the reconciliation settles it; do not ask again).",
        params,
        body: refundRequestSchema,
        response: { 202: adminRefundSchema, ...errors, 409: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      if (!isOrderId(request.params.orderId)) throw new Refusal('admin_order_not_found');
      const body = request.body;
      const row = await requestRefund(app.db, app.payments.provider, {
        orderId: request.params.orderId.toLowerCase(),
        kind: body.kind,
        reason: body.reason,
        restock: body.restock,
        ...(body.amount !== undefined ? { amount: body.amount } : {}),
        ...(body.lines ? { lines: body.lines } : {}),
        actor: caller(request),
      });
      reply.code(202);
      return {
        _id: row.id,
        kind: row.kind,
        amount: row.amount,
        reason: row.reason,
        restock: row.restock,
        lines: row.lines,
        status: row.status,
        providerRefundId: row.providerRefundId,
        failure: row.failure,
        requestedBy: caller(request).email,
        createdAt: row.createdAt.toISOString(),
        settledAt: row.settledAt ? row.settledAt.toISOString() : null,
        restocked: row.restockedAt !== null,
      };
    },
  );

  app.post(
    '/api/admin/payments/:orderId/flag/resolve',
    {
      config: staff,
      bodyLimit: 8 * 1024,
      schema: {
        tags: ['admin'],
        summary: "Mark an order's payment flag resolved, with a note (staff, admin)",
        params,
        body: flagResolveRequestSchema,
        response: { 200: adminPaymentDetailSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      await resolvePaymentFlag(app.db, caller(request), request.params.orderId, request.body.note);
      return (await paymentDetail(app.db, request.params.orderId))!;
    },
  );
};
