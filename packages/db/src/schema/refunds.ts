import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { orders } from './orders.ts';

/** `duplicate_payment`: the shop's automatic refund of a second payment captured for an order already paid (decision 146). */
export type RefundKindValue = 'full' | 'lines' | 'amount' | 'cancellation' | 'duplicate_payment';
export type RefundStatusValue = 'requested' | 'pending' | 'processed' | 'failed';

/** The quantities of an order's lines a refund gives back (order_lines ids). */
export interface RefundLineValue {
  lineId: string;
  quantity: number;
}

/**
 * Every refund the shop asked its payment provider for (issue 20, decision 063): staff refunds from the back office
 * (in full, by lines or by an amount) and the refund of a cancelled paid order. The row is written, under the order's
 * row lock, BEFORE the provider is called, so the amounts of refunds not yet failed can never add up to more than was
 * paid, however many staff press "Refund" at once. The provider's webhooks then move it: `requested` (written),
 * `pending` (the provider accepted it), `processed` or `failed`. A refund that asked for its items back puts them in
 * stock when it becomes `processed`, once (`restocked_at`). A refund of a second payment captured for an order already
 * paid (decision 146) names that payment (`provider_payment_id`): it gives back money that was never the order's, so
 * it draws nothing from what the order's own payment can still refund.
 */
export const orderRefunds = pgTable(
  'order_refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<RefundKindValue>().notNull(),
    /** Paise. */
    amount: integer('amount').notNull(),
    reason: text('reason').notNull(),
    /** The lines and quantities refunded (a full refund lists what was left); null for a refund by amount. */
    lines: jsonb('lines').$type<RefundLineValue[]>(),
    /** Staff asked for the refunded items to go back into stock. */
    restock: boolean('restock').notNull().default(false),
    status: text('status').$type<RefundStatusValue>().notNull().default('requested'),
    /** The provider's refund (Razorpay `rfnd_…`), once it answered. */
    providerRefundId: text('provider_refund_id'),
    /** Why the provider refused or failed it. */
    failure: text('failure'),
    /**
     * The provider's payment it refunds when that is not the order's own (orders.provider_payment_id): a second
     * payment captured for the order (kind `duplicate_payment`). Unique: a second payment is recorded, and refunded, once.
     */
    providerPaymentId: text('provider_payment_id'),
    /** When the reconciliation last asked the provider about it while it was `pending` (reconcile-refunds.ts). */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
    requestedBy: uuid('requested_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp('settled_at', { withTimezone: true }),
    /** When its items went back into stock: set by the one update that does it. */
    restockedAt: timestamp('restocked_at', { withTimezone: true }),
  },
  (t) => [
    index('order_refunds_order_idx').on(t.orderId, t.createdAt),
    uniqueIndex('order_refunds_provider_refund_idx')
      .on(t.providerRefundId)
      .where(sql`${t.providerRefundId} is not null`),
    uniqueIndex('order_refunds_provider_payment_idx')
      .on(t.providerPaymentId)
      .where(sql`${t.providerPaymentId} is not null`),
    // The reconciliation's pass (reconcile-refunds.ts) reads the refunds whose outcome it has not heard yet, by age.
    index('order_refunds_open_idx')
      .on(t.createdAt)
      .where(sql`${t.status} in ('requested', 'pending')`),
    check('order_refunds_amount_check', sql`${t.amount} > 0`),
    check('order_refunds_kind_check', sql`${t.kind} in ('full', 'lines', 'amount', 'cancellation', 'duplicate_payment')`),
    check('order_refunds_status_check', sql`${t.status} in ('requested', 'pending', 'processed', 'failed')`),
  ],
);

/**
 * Staff settled an order's payment flag (orders.payment_flag: a mismatched amount or currency, a refund the provider
 * refused): who, when, and what they did about it. A table of its own, so the order row (written by the one-statement
 * order placement, decision 026) does not grow; "flagged" in the back office means a flag without a standing
 * resolution here. A resolution stands until the order's flag changes (a new flag raised, or the flag moving on, e.g.
 * `paid_twice` → `paid_twice_refund_failed`): then it is superseded (`superseded_at`) and the order is listed again,
 * its earlier resolutions kept as its history (decision 150, apps/api/src/payments/payment-flag.ts).
 */
export const paymentFlagResolutions = pgTable(
  'payment_flag_resolutions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** The flag as it was when resolved. */
    flag: text('flag').notNull(),
    note: text('note').notNull(),
    resolvedBy: uuid('resolved_by').references(() => user.id, { onDelete: 'set null' }),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the order's flag changed after this resolution (null: it still stands). */
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [
    // One standing resolution an order: two staff resolving at once cannot both write one.
    uniqueIndex('payment_flag_resolutions_standing_idx')
      .on(t.orderId)
      .where(sql`${t.supersededAt} is null`),
  ],
);
