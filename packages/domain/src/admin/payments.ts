import { z } from 'zod';
import { paginatedSchema } from '../catalogue.ts';
import { coded } from '../field-errors.ts';
import { paymentMethods, paymentStatuses, paymentFlags } from '../payment.ts';
import { maxOf } from './fixed.ts';
import { adminDaySchema, adminPageFields, blank } from './paging.ts';

/**
 * The back office's payments (issue 20, decision 063): the list of orders' payments with filters and CSV, one
 * order's payment (provider ids, refunds, webhook history, flag), a refund and the resolution of a flag. The API
 * validates with these schemas and the /admin/payments pages build their forms and URLs on them.
 */

export const adminPaymentApiPaths = {
  /** GET AdminPaymentListQuery. */
  list: '/api/admin/payments',
  /** GET AdminPaymentListQuery without page/limit: the same rows as CSV. */
  csv: '/api/admin/payments.csv',
  /** GET: one order's payment. */
  detail: (orderId: string) => `/api/admin/payments/${encodeURIComponent(orderId)}`,
  /** POST RefundRequest: 202 with the refund asked of the provider. */
  refunds: (orderId: string) => `/api/admin/payments/${encodeURIComponent(orderId)}/refunds`,
  /** POST FlagResolveRequest. */
  resolveFlag: (orderId: string) => `/api/admin/payments/${encodeURIComponent(orderId)}/flag/resolve`,
} as const;

export const ADMIN_PAYMENTS_PAGE_SIZE = 20;

const filterFields = {
  status: z.preprocess(blank, z.enum(paymentStatuses, { error: coded('payment_filter_status_invalid') }).optional()),
  method: z.preprocess(blank, z.enum(paymentMethods, { error: coded('order_filter_payment_invalid') }).optional()),
  /** Kolkata days, on the order's placing time. */
  from: adminDaySchema,
  to: adminDaySchema,
  /** "1" (or "true"): only payments with a flag staff have not resolved. */
  flagged: z.preprocess(blank, z.enum(['1', 'true', '0', 'false']).optional()).transform((value) => value === '1' || value === 'true'),
  /** An order number (or its start), or a provider payment/order id (`pay_…`, `order_…`). */
  q: z.preprocess(
    blank,
    z
      .string()
      .trim()
      .max(maxOf('order_filter_search_too_long'), { error: coded('order_filter_search_too_long') })
      .optional(),
  ),
};
const datesInOrder = (query: { from?: string | undefined; to?: string | undefined }) => !query.from || !query.to || query.from <= query.to;

/** GET /api/admin/payments: every field optional; a GET form's empty fields mean "any". Newest order first. */
export const adminPaymentListQuerySchema = z
  .object({
    ...filterFields,
    ...adminPageFields(ADMIN_PAYMENTS_PAGE_SIZE),
  })
  .refine(datesInOrder, { path: ['to'], error: coded('order_filter_dates_order') });
export type AdminPaymentListQuery = z.input<typeof adminPaymentListQuerySchema>;
export type AdminPaymentListFilters = z.output<typeof adminPaymentListQuerySchema>;

/** GET /api/admin/payments.csv: the list's filters, every matching row. */
export const adminPaymentCsvQuerySchema = z.object(filterFields).refine(datesInOrder, { path: ['to'], error: coded('order_filter_dates_order') });
export type AdminPaymentCsvFilters = z.output<typeof adminPaymentCsvQuerySchema>;

const flagSchema = z.object({
  code: z.enum(paymentFlags),
  /** The resolution, once staff settled it. */
  resolvedAt: z.string().nullable(),
  resolvedBy: z.string().nullable(),
  note: z.string().nullable(),
});

export const adminPaymentSummarySchema = z.object({
  orderId: z.string(),
  number: z.string(),
  createdAt: z.string(),
  orderStatus: z.string(),
  method: z.enum(paymentMethods),
  status: z.enum(paymentStatuses),
  provider: z.string().nullable(),
  providerOrderId: z.string().nullable(),
  providerPaymentId: z.string().nullable(),
  /** Paise: what the order is worth, what the provider confirmed, and refunded so far. */
  grandTotal: z.number().int(),
  amountPaid: z.number().int(),
  amountRefunded: z.number().int(),
  customerName: z.string(),
  flag: flagSchema.nullable(),
});
export type AdminPaymentSummary = z.infer<typeof adminPaymentSummarySchema>;

export const adminPaymentListSchema = paginatedSchema(adminPaymentSummarySchema);
export type AdminPaymentList = z.infer<typeof adminPaymentListSchema>;

export const refundKinds = ['full', 'lines', 'amount'] as const;
export type RefundKind = (typeof refundKinds)[number];
export const refundStatuses = ['requested', 'pending', 'processed', 'failed'] as const;

export const adminRefundSchema = z.object({
  _id: z.string(),
  /** Staff's kinds, the refund of a cancellation, and the automatic refund of a second payment (decision 146). */
  kind: z.enum([...refundKinds, 'cancellation', 'duplicate_payment']),
  amount: z.number().int(),
  reason: z.string(),
  restock: z.boolean(),
  lines: z.array(z.object({ lineId: z.string(), quantity: z.number().int() })).nullable(),
  status: z.enum(refundStatuses),
  providerRefundId: z.string().nullable(),
  failure: z.string().nullable(),
  requestedBy: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  restocked: z.boolean(),
});
export type AdminRefund = z.infer<typeof adminRefundSchema>;

/** One webhook delivery as staff read it: what it said, and what applying it did. */
export const adminPaymentEventSchema = z.object({
  eventId: z.string(),
  type: z.string(),
  receivedAt: z.string(),
  /** What applying it did: applied, ignored, flagged, unknown_order. */
  outcome: z.string().nullable(),
  paymentId: z.string().nullable(),
  refundId: z.string().nullable(),
  /** The amount and currency the event reported (the payment's, or the refund's for a refund event). */
  amount: z.number().int().nullable(),
  currency: z.string().nullable(),
});
export type AdminPaymentEvent = z.infer<typeof adminPaymentEventSchema>;

/** A line as the refund dialog offers it: how many were sold and how many may still be refunded. */
export const refundableLineSchema = z.object({
  lineId: z.string(),
  name: z.string(),
  attributes: z.record(z.string(), z.string()),
  price: z.number().int(),
  quantity: z.number().int(),
  refundable: z.number().int(),
});

export const adminPaymentDetailSchema = z.object({
  payment: adminPaymentSummarySchema,
  /** Paise still refundable: paid, less refunded and refunds under way. */
  refundable: z.number().int(),
  lines: z.array(refundableLineSchema),
  /**
   * The order's units are back in stock already (it was cancelled, or its returned parcel was put on sale): a refund
   * cannot put them back again (409 `refund_restock_already_returned`), so the refund dialog does not offer it.
   */
  stockReturned: z.boolean(),
  refunds: z.array(adminRefundSchema),
  events: z.array(adminPaymentEventSchema),
  /** Why the flag was raised, from the event that raised it: what was reported against what the order expected. */
  flagReason: z
    .object({
      reportedAmount: z.number().int().nullable(),
      reportedCurrency: z.string().nullable(),
      expectedAmount: z.number().int(),
      eventId: z.string().nullable(),
    })
    .nullable(),
});
export type AdminPaymentDetail = z.infer<typeof adminPaymentDetailSchema>;

/** Razorpay refunds at least ₹1. */
export const MIN_REFUND = 100;

const reasonSchema = z
  .string({ error: coded('refund_reason_required') })
  .trim()
  .min(1, { error: coded('refund_reason_required') })
  .max(maxOf('refund_reason_too_long'), { error: coded('refund_reason_too_long') });

/**
 * POST /api/admin/payments/{orderId}/refunds. `full`: everything still refundable; `lines`: the named quantities
 * (their prices, less the order's coupon discount in proportion); `amount`: paise. `restock` puts the refunded items
 * back in stock when the provider confirms the refund (not with `amount`, which names no items).
 */
export const refundRequestSchema = z
  .object({
    kind: z.enum(refundKinds, { error: coded('refund_kind_invalid') }),
    reason: reasonSchema,
    restock: z.boolean().default(false),
    amount: z
      .number({ error: coded('refund_amount_invalid') })
      .int({ error: coded('refund_amount_invalid') })
      .min(MIN_REFUND, { error: coded('refund_amount_invalid') })
      .max(100_000_000, { error: coded('refund_amount_invalid') })
      .optional(),
    lines: z
      .array(
        z.object({
          lineId: z.uuid({ error: coded('refund_lines_invalid') }),
          quantity: z
            .number({ error: coded('refund_lines_invalid') })
            .int({ error: coded('refund_lines_invalid') })
            .min(1, { error: coded('refund_lines_invalid') })
            .max(10_000),
        }),
        { error: coded('refund_lines_invalid') },
      )
      .max(200, { error: coded('refund_lines_invalid') })
      .optional(),
  })
  .superRefine((request, context) => {
    if (request.kind === 'amount' && request.amount === undefined)
      context.addIssue({ code: 'custom', path: ['amount'], message: coded('refund_amount_invalid') });
    if (request.kind === 'lines' && !request.lines?.length) context.addIssue({ code: 'custom', path: ['lines'], message: coded('refund_lines_invalid') });
    if (request.kind === 'amount' && request.restock) context.addIssue({ code: 'custom', path: ['restock'], message: coded('refund_restock_needs_lines') });
  });
export type RefundRequest = z.input<typeof refundRequestSchema>;

export const flagResolveRequestSchema = z.object({
  note: z
    .string({ error: coded('payment_flag_note_required') })
    .trim()
    .min(1, { error: coded('payment_flag_note_required') })
    .max(maxOf('payment_flag_note_too_long'), { error: coded('payment_flag_note_too_long') }),
});

/** The dashboard's revenue by how the customer pays, for its day (paise). */
export const revenueByMethodSchema = z.object({
  /** Cash on delivery orders placed that day, not cancelled: their grand totals. */
  cashOnDelivery: z.number().int(),
  /** Online payments of orders placed that day: captured, less refunded. */
  online: z.number().int(),
});
export type RevenueByMethod = z.infer<typeof revenueByMethodSchema>;
