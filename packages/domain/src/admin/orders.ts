import { z } from 'zod';
import { paginatedSchema } from '../catalogue.ts';
import { coded } from '../field-errors.ts';
import { orderSchema, paymentMethods } from '../order.ts';
import { type OrderStatus, orderStatuses, orderStatusSchema } from '../order-status.ts';
import { refusalMessage } from '../refusals/index.ts';
import { maxOf } from './fixed.ts';
import { adminDaySchema, adminPageFields, blank } from './paging.ts';
import { revenueByMethodSchema } from './payments.ts';

/**
 * The back office's orders (issue 7): the list with its filters and counts, one order with its customer and the
 * people behind each status change, the personalisation zip, the status move form and the dashboard. The API
 * validates with these schemas and the /admin pages build their forms and URLs on them.
 */

export const adminOrderApiPaths = {
  /** GET AdminOrderListQuery: a page of orders and the count per status. */
  list: '/api/admin/orders',
  /** GET: one order with its customer and status history. */
  detail: (id: string) => `/api/admin/orders/${encodeURIComponent(id)}`,
  /** GET: every photo of the order (display size) and a texts file, as one zip. */
  zip: (id: string) => `/api/admin/orders/${encodeURIComponent(id)}/personalisation.zip`,
  /** POST AdminStatusMove: the existing status route. */
  status: (id: string) => `/api/admin/orders/${encodeURIComponent(id)}/status`,
  /** GET: today's numbers, orders by status, orders waiting for personalisation, low stock. */
  dashboard: '/api/admin/dashboard',
} as const;

/** The shop's day is India's: "today" and the date filters run midnight to midnight in Asia/Kolkata (UTC+5:30, no DST). */
export const SHOP_TIME_ZONE = 'Asia/Kolkata';
const KOLKATA_OFFSET_MS = 330 * 60_000;

/** A product (or one of its options) at or below this many units shows on the dashboard as low on stock. */
export const LOW_STOCK_THRESHOLD = 5;
export const ADMIN_ORDERS_PAGE_SIZE = 20;
export { MAX_ADMIN_ORDERS_PAGE_SIZE } from './limits.ts';

/**
 * @deprecated The orders area's status change (apps/api/src/orders/change-status.ts) still reads this text; it
 * refuses with its own code once moved (decision 037). The back office's form refuses `admin_cancel_reason_required`.
 */
export const adminOrderMessages = { cancelReasonRequired: refusalMessage('admin_cancel_reason_required') } as const;

/** The UTC instant at which a Kolkata calendar day (YYYY-MM-DD, years 2000-2999: calendar.ts) begins. */
export function kolkataDayStart(day: string): Date {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d) - KOLKATA_OFFSET_MS);
}

/** The Kolkata calendar day (YYYY-MM-DD) that `at` falls on. */
export function kolkataDay(at: Date): string {
  return new Date(at.getTime() + KOLKATA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The next calendar day after `day` (YYYY-MM-DD, years 2000-2999: calendar.ts). */
export function nextDay(day: string): string {
  const [y, m, d] = day.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + 1)).toISOString().slice(0, 10);
}

/**
 * GET /api/admin/orders. Every field is optional and a GET form's empty fields mean "any". `q` is an order number
 * (or its start), a phone number (the order's delivery mobile or the account's phone) or an email address.
 */
export const adminOrderListQuerySchema = z
  .object({
    status: z.preprocess(blank, z.enum(orderStatuses, { error: coded('order_filter_status_invalid') }).optional()),
    from: adminDaySchema,
    to: adminDaySchema,
    payment: z.preprocess(blank, z.enum(paymentMethods, { error: coded('order_filter_payment_invalid') }).optional()),
    /** "1" (or "true"): only orders with a personalised line whose details have not been sent. */
    missing: z.preprocess(blank, z.enum(['1', 'true', '0', 'false']).optional()).transform((value) => value === '1' || value === 'true'),
    q: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .max(maxOf('order_filter_search_too_long'), { error: coded('order_filter_search_too_long') })
        .optional(),
    ),
    ...adminPageFields(ADMIN_ORDERS_PAGE_SIZE),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, { path: ['to'], error: coded('order_filter_dates_order') });
export type AdminOrderListQuery = z.input<typeof adminOrderListQuerySchema>;
export type AdminOrderListFilters = z.output<typeof adminOrderListQuerySchema>;

/** What a search text is taken for: an email has an @, a phone is 10+ digits, anything else an order number. */
export type OrderSearch = { kind: 'email'; value: string } | { kind: 'phone'; value: string } | { kind: 'number'; value: string };

export function parseOrderSearch(q: string): OrderSearch | null {
  const text = q.trim();
  if (!text) return null;
  if (text.includes('@')) return { kind: 'email', value: text.toLowerCase() };
  const digits = text.replace(/[\s()+-]/g, '');
  // Indian mobiles: the last 10 digits, whether typed with +91, 0 or nothing in front.
  if (/^\d{10,13}$/.test(digits)) return { kind: 'phone', value: digits.slice(-10) };
  return { kind: 'number', value: text.toUpperCase() };
}

/** The customer behind an order as staff see them; null fields when unknown (e.g. a deleted account). */
export const adminCustomerSchema = z.object({
  id: z.string().nullable(),
  name: z.string().nullable(),
  phone: z.string().nullable(),
  email: z.string().nullable(),
});
export type AdminCustomer = z.infer<typeof adminCustomerSchema>;

export const adminOrderSummarySchema = z.object({
  _id: z.string(),
  number: z.string(),
  status: orderStatusSchema,
  createdAt: z.string(),
  paymentMethod: z.enum(paymentMethods),
  grandTotal: z.number().int(),
  totalItems: z.number().int(),
  customer: adminCustomerSchema,
  /** Delivery name and city, from the order's address. */
  shipTo: z.object({ name: z.string(), city: z.string(), mobile: z.string() }),
  /** A personalised line still lacks its details. */
  missingCustomisation: z.boolean(),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

export const statusCountsSchema = z.record(orderStatusSchema, z.number().int());
export type StatusCounts = Record<OrderStatus, number>;

export const adminOrderListSchema = paginatedSchema(adminOrderSummarySchema).extend({
  /** Orders per status under the same filters except the status itself (the tabs' numbers). */
  counts: statusCountsSchema,
});
export type AdminOrderList = z.infer<typeof adminOrderListSchema>;

/** One status change as staff see it: who made it (the customer, or which staff member) and the note. */
export const adminStatusChangeSchema = z.object({
  status: orderStatusSchema,
  at: z.string(),
  actor: z.enum(['customer', 'shop']),
  actorName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  note: z.string().nullable(),
});

export const adminOrderDetailSchema = z.object({
  order: orderSchema,
  customer: adminCustomerSchema,
  history: z.array(adminStatusChangeSchema),
  missingCustomisation: z.boolean(),
});
export type AdminOrderDetail = z.infer<typeof adminOrderDetailSchema>;

/**
 * The status move form: the API's request (orderStatusChangeRequestSchema) plus the back office's own rules, so the
 * form says at once what the API would refuse: a reason to cancel, a carrier and number to ship.
 */
export const adminStatusMoveSchema = z
  .object({
    status: z.enum(orderStatuses, { error: coded('status_move_choose') }),
    note: z
      .string()
      .trim()
      .max(500, { error: coded('admin_status_note_too_long') }),
    carrier: z.string().trim().max(80),
    number: z.string().trim().max(80),
    link: z
      .string()
      .trim()
      .max(500)
      .refine((link) => link === '' || /^https?:\/\/\S+$/i.test(link), { error: coded('admin_tracking_link_invalid') }),
  })
  .superRefine((move, context) => {
    if (move.status === 'cancelled' && !move.note) context.addIssue({ code: 'custom', path: ['note'], message: coded('admin_cancel_reason_required') });
    if (move.status === 'shipped') {
      if (!move.carrier) context.addIssue({ code: 'custom', path: ['carrier'], message: coded('admin_tracking_required') });
      if (!move.number) context.addIssue({ code: 'custom', path: ['number'], message: coded('admin_tracking_required') });
    }
  });
export type AdminStatusMove = z.infer<typeof adminStatusMoveSchema>;

/** The API request a valid move form becomes. */
export function toStatusChangeRequest(move: AdminStatusMove) {
  return {
    status: move.status,
    ...(move.note ? { note: move.note } : {}),
    ...(move.status === 'shipped' ? { tracking: { carrier: move.carrier, number: move.number, ...(move.link ? { link: move.link } : {}) } } : {}),
  };
}

export const lowStockItemSchema = z.object({
  productId: z.string(),
  name: z.string(),
  slug: z.string(),
  /** The option's attributes and sku when the product has options; null for the product itself. */
  variant: z.object({ id: z.string(), sku: z.string().nullable(), attributes: z.record(z.string(), z.string()) }).nullable(),
  stock: z.number().int(),
});

export const dashboardSchema = z.object({
  /** The Kolkata day the numbers are for (YYYY-MM-DD). */
  day: z.string(),
  /** Orders placed today, not cancelled, and what they are worth (grand totals, paise). */
  today: z.object({ orders: z.number().int(), revenue: z.number().int() }),
  byStatus: statusCountsSchema,
  /** Orders still open to details (placed or confirmed) with a personalised line lacking them; the oldest first. */
  waitingForCustomisation: z.object({
    total: z.number().int(),
    orders: z.array(z.object({ _id: z.string(), number: z.string(), status: orderStatusSchema, createdAt: z.string() })),
  }),
  lowStock: z.object({ threshold: z.number().int(), total: z.number().int(), items: z.array(lowStockItemSchema) }),
  /** Today's revenue by how customers pay (issue 20): cash on delivery, and online captured less refunded. */
  revenueByMethod: revenueByMethodSchema,
});
export type Dashboard = z.infer<typeof dashboardSchema>;
