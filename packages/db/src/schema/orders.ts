import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { commonColumns, type StoredImage } from './columns.ts';
import type { CustomisationType } from './catalogue.ts';

/*
 * Coupons and orders (issue 4). An order keeps a snapshot of everything it was sold with (lines, address, totals),
 * so later edits to the catalogue, an address or a coupon never change what a customer bought or paid.
 * How overselling and coupon over-use are prevented: docs/decisions (orders, stock and coupons).
 */

export type CouponType = 'fixed' | 'percent';

export const coupons = pgTable(
  'coupons',
  {
    ...commonColumns,
    /** Upper case; customers type it in any case. */
    code: text('code').notNull(),
    description: text('description').notNull().default(''),
    type: text('type').$type<CouponType>().notNull(),
    /** Paise for a fixed coupon; a whole percent (1–100) for a percent coupon. */
    value: integer('value').notNull(),
    /** Paise: below this cart total the coupon gives nothing (spec §9). */
    minimum: integer('minimum').notNull().default(0),
    startsAt: timestamp('starts_at', { withTimezone: true }),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    /** Uses in total across all customers; null means no limit. */
    maxUses: integer('max_uses'),
    /** Uses per customer; null means no limit. */
    maxUsesPerCustomer: integer('max_uses_per_customer').default(1),
    /**
     * Orders currently holding this coupon (a cancelled order gives its use back). New orders stop at max_uses; only an
     * expired order paid late and placed again may take its use back above it (decision 121).
     */
    usedCount: integer('used_count').notNull().default(0),
    active: boolean('active').notNull().default(true),
  },
  (t) => [
    uniqueIndex('coupons_code_idx').on(t.code),
    check('coupons_type_check', sql`${t.type} in ('fixed', 'percent')`),
    check('coupons_value_check', sql`${t.value} > 0 and (${t.type} = 'fixed' or ${t.value} <= 100)`),
    check('coupons_used_count_check', sql`${t.usedCount} >= 0`),
  ],
);

export type OrderStatusValue = 'placed' | 'confirmed' | 'in_production' | 'packed' | 'shipped' | 'delivered' | 'cancelled' | 'returned' | 'refunded';
export type OrderActorValue = 'customer' | 'shop';
export type PaymentMethodValue = 'cod' | 'prepaid';
export type CodConfirmationValue = 'sms_code' | 'link';
export type PaymentStatusValue = 'pending' | 'authorized' | 'captured' | 'failed' | 'refunded' | 'partially_refunded';

export interface OrderAddressSnapshot {
  name: string;
  /** 10 digits; order tracking compares the caller's number with it. */
  mobile: string;
  line1: string;
  line2: string | null;
  landmark: string | null;
  city: string;
  state: string;
  pincode: string;
}

/** A gift order's options (issue 24; packages/domain/src/gift/gift.ts). The recipient's mobile is 10 digits. */
export interface OrderGiftValue {
  recipientName: string;
  recipientPhone: string;
  message: string | null;
  wrap: boolean;
  occasion: 'birthday' | 'anniversary' | 'rakhi' | 'diwali' | 'wedding' | 'other' | null;
  occasionDate: string | null;
}

export interface ShipmentTrackingValue {
  carrier: string;
  number: string;
  link: string | null;
}

export const orders = pgTable(
  'orders',
  {
    ...commonColumns,
    /** Readable and unique, e.g. KG-261123-7K3M9Q; random enough that numbers cannot be enumerated. */
    number: text('number').notNull(),
    /** Null only if the customer's account was deleted later: the order stays on the books. */
    userId: uuid('user_id').references(() => user.id, { onDelete: 'set null' }),
    status: text('status').$type<OrderStatusValue>().notNull().default('placed'),
    paymentMethod: text('payment_method').$type<PaymentMethodValue>().notNull(),
    /**
     * Where the money is (issue 20, decision 060; rules in packages/domain/src/payment.ts). A cash-on-delivery order
     * stays `pending` until the shop collects; a prepaid order is `pending` until the provider confirms.
     */
    paymentStatus: text('payment_status').$type<PaymentStatusValue>().notNull().default('pending'),
    /** The payment provider of a prepaid order ('razorpay'); null for cash on delivery. */
    paymentProvider: text('payment_provider'),
    /** The provider's order (Razorpay `order_…`), made right after this row: the only one a checkout signature is checked against. */
    providerOrderId: text('provider_order_id'),
    /**
     * Paise the provider's order was opened for: what a payment on it must be. Kept apart from grand_total, which a
     * switch to cash on delivery recomputes while the provider's order, and a payment already on its way, stay.
     */
    providerOrderAmount: integer('provider_order_amount'),
    /** The provider's payment that paid it (Razorpay `pay_…`). */
    providerPaymentId: text('provider_payment_id'),
    /** Paise the provider confirmed (authorised or captured), and refunded so far. */
    amountPaid: integer('amount_paid').notNull().default(0),
    amountRefunded: integer('amount_refunded').notNull().default(0),
    /** Set when a provider's report could not be applied (e.g. `amount_mismatch`): staff look at it. */
    paymentFlag: text('payment_flag'),
    /**
     * A flag raised while payment_flag was `paid_after_cancellation` (a late payment the shop was still settling), kept
     * here instead of being dropped: placing the order again clears that flag and puts this one in its place
     * (apps/api/src/payments/payment-flag.ts, decision 148).
     */
    nextPaymentFlag: text('next_payment_flag'),
    /**
     * When the reconciliation asked the provider, once, about every payment of this paid online order, to find a second
     * captured payment whose webhooks were all lost (apps/api/src/payments/reconcile-paid.ts, decision 148); and
     * about the payments of an order switched to cash on delivery, for one that landed after the switch (decision 150).
     */
    paymentsCheckedAt: timestamp('payments_checked_at', { withTimezone: true }),
    /** A prepaid order still `pending` after this loses its reservation: it is cancelled and its stock released. */
    reservationExpiresAt: timestamp('reservation_expires_at', { withTimezone: true }),
    couponId: uuid('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    couponCode: text('coupon_code'),
    /** Paise, all computed by the server: items at their prices, at mrp, the coupon's discount, shipping, to pay. */
    total: integer('total').notNull(),
    totalMrp: integer('total_mrp').notNull(),
    discount: integer('discount').notNull().default(0),
    shipping: integer('shipping').notNull().default(0),
    grandTotal: integer('grand_total').notNull(),
    totalItems: integer('total_items').notNull(),
    address: jsonb('address').$type<OrderAddressSnapshot>().notNull(),
    tracking: jsonb('tracking').$type<ShipmentTrackingValue>(),
    /** Paise, decided at placement by the shop's COD controls (decision 065): the COD fee charged, the prepaid saving taken off. */
    codFee: integer('cod_fee').notNull().default(0),
    prepaidDiscount: integer('prepaid_discount').notNull().default(0),
    /** How the customer must confirm this COD order before it is made (`sms_code`, `link`); null: no confirmation asked. */
    codConfirmation: text('cod_confirmation').$type<CodConfirmationValue>(),
    /** SHA-256 of the order's SMS code (with its id) or of its link's token; cleared once confirmed. */
    codConfirmSecret: text('cod_confirm_secret'),
    codConfirmTries: integer('cod_confirm_tries').notNull().default(0),
    /** Unconfirmed by then, the order is cancelled (stock and coupon returned). */
    codConfirmBy: timestamp('cod_confirm_by', { withTimezone: true }),
    codConfirmedAt: timestamp('cod_confirmed_at', { withTimezone: true }),
    /** Issue 24: the gift options (null: not a gift) and the gift-wrap line in paise, priced by the shop at placement. */
    gift: jsonb('gift').$type<OrderGiftValue>(),
    giftWrapFee: integer('gift_wrap_fee').notNull().default(0),
    /** A product on the order needed a proof when it was placed: production waits for an approved proof (issue 24). */
    proofRequired: boolean('proof_required').notNull().default(false),
    /**
     * The order's GST invoice is due (decision 109): set by the change that makes it invoiceable (a payment, a COD
     * order shipped by its carrier) instead of issuing it in that change's transaction; the invoice issuer
     * (apps/api/src/invoices/invoice-issuer.ts) numbers due orders in batches and clears it. Null: nothing due.
     */
    invoiceDueAt: timestamp('invoice_due_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('orders_number_idx').on(t.number),
    // "My orders", newest first, and their count: one index range per customer.
    index('orders_user_created_idx').on(t.userId, t.createdAt.desc(), t.id.desc()),
    uniqueIndex('orders_provider_order_idx')
      .on(t.paymentProvider, t.providerOrderId)
      .where(sql`${t.providerOrderId} is not null`),
    // The expiry pass finds unpaid reservations past their time without reading every order.
    // The confirmation expiry finds unconfirmed COD orders past their time without reading every order.
    index('orders_cod_confirm_expiry_idx')
      .on(t.codConfirmBy)
      .where(sql`${t.codConfirmBy} is not null and ${t.codConfirmedAt} is null`),
    index('orders_reservation_expiry_idx')
      .on(t.reservationExpiresAt)
      .where(sql`${t.reservationExpiresAt} is not null and ${t.paymentStatus} = 'pending'`),
    // The invoice issuer finds due invoices, oldest first, without reading every order (decision 109).
    index('orders_invoice_due_idx')
      .on(t.invoiceDueAt)
      .where(sql`${t.invoiceDueAt} is not null`),
    // The reconciliation (apps/api/src/payments/reconcile.ts) finds prepaid orders whose payment is still open by age.
    index('orders_payment_open_idx')
      .on(t.createdAt)
      .where(sql`${t.providerOrderId} is not null and ${t.paymentStatus} in ('pending', 'failed', 'authorized')`),
    // ... and paid online orders whose payments it has not asked about yet, once each (decision 148).
    index('orders_payments_unchecked_idx')
      .on(t.createdAt)
      .where(sql`${t.providerOrderId} is not null and ${t.paymentsCheckedAt} is null and ${t.paymentStatus} in ('captured', 'partially_refunded', 'refunded')`),
    // ... and orders switched to cash on delivery that keep a provider order, for a payment landing after the switch (decision 150).
    index('orders_switched_unchecked_idx')
      .on(t.createdAt)
      .where(sql`${t.providerOrderId} is not null and ${t.paymentsCheckedAt} is null and ${t.paymentMethod} = 'cod'`),
    check('orders_payment_method_check', sql`${t.paymentMethod} in ('cod', 'prepaid')`),
    check('orders_cod_confirmation_check', sql`${t.codConfirmation} is null or ${t.codConfirmation} in ('sms_code', 'link')`),
    check('orders_gift_wrap_fee_check', sql`${t.giftWrapFee} >= 0`),
    check('orders_payment_status_check', sql`${t.paymentStatus} in ('pending', 'authorized', 'captured', 'failed', 'refunded', 'partially_refunded')`),
  ],
);

/**
 * Every webhook a payment provider delivered (issue 20, decision 060), kept as it came: the unique event id makes a
 * redelivery a no-op (insert … on conflict do nothing), and the rows are the order's payment history for staff.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    /** The provider's own id of the event (Razorpay's x-razorpay-event-id header). */
    eventId: text('event_id').notNull(),
    eventType: text('event_type').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** What applying it did: applied, ignored (nothing to change), flagged (a mismatch), unknown_order. */
    outcome: text('outcome'),
  },
  (t) => [uniqueIndex('payment_events_event_idx').on(t.provider, t.eventId), index('payment_events_order_idx').on(t.orderId, t.receivedAt)],
);

/**
 * One line of an order: what was sold, as it was (product ids are kept without a foreign key, so deleting a
 * product later never touches an order).
 */
export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id').notNull(),
    variantId: uuid('variant_id'),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    image: jsonb('image').$type<StoredImage>(),
    attributes: jsonb('attributes').$type<Record<string, string>>().notNull().default({}),
    sku: text('sku'),
    /** Paise per unit. */
    price: integer('price').notNull(),
    mrp: integer('mrp').notNull(),
    quantity: integer('quantity').notNull(),
    cod: boolean('cod').notNull(),
    /** The product's customisation settings when sold (spec §3 product_customization), or null. */
    customization: jsonb('customization').$type<{ type: CustomisationType; mediaLimit: number }>(),
  },
  (t) => [index('order_lines_order_idx').on(t.orderId, t.position), check('order_lines_quantity_check', sql`${t.quantity} > 0`)],
);

/** Every status an order has had, with when and who (the customer or the shop, and which account). */
export const orderStatusHistory = pgTable(
  'order_status_history',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    status: text('status').$type<OrderStatusValue>().notNull(),
    actor: text('actor').$type<OrderActorValue>().notNull(),
    actorUserId: uuid('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
    note: text('note'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('order_status_history_order_idx').on(t.orderId, t.at)],
);

/**
 * A placed order's Idempotency-Key: a retry with the same key (in sequence or at the same time) answers this
 * order. Written in the order's own transaction, first, so a concurrent duplicate waits on this row and then
 * finds it. No foreign key to orders: the row is inserted before the order, in the same transaction.
 */
export const orderIdempotencyKeys = pgTable(
  'order_idempotency_keys',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** SHA-256 of the normalised request, so the same key with another body is refused. */
    requestHash: text('request_hash').notNull(),
    orderId: uuid('order_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.key] })],
);

/** Which order used which coupon; a cancelled order's row is deleted (its use is given back). */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    couponId: uuid('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => user.id, { onDelete: 'set null' }),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('coupon_redemptions_order_idx').on(t.orderId), index('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId)],
);

export type ProofStatusValue = 'pending' | 'approved' | 'changes_requested';

/**
 * Proofs of an order (issue 24): each version staff upload, with the customer's answer. Rows are never deleted or
 * rewritten except for the one answer, so the history of versions and comments stays on the order. The image lives in
 * the object store (display and thumbnail, re-encoded like customers' photos), served only to the order's customer
 * and to staff.
 */
export const orderProofs = pgTable(
  'order_proofs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 1, 2, …: unique per order, so two uploads at once cannot both become "version 2". */
    version: integer('version').notNull(),
    displayKey: text('display_key').notNull(),
    thumbnailKey: text('thumbnail_key').notNull(),
    /** Staff's note to the customer with this version (optional). */
    note: text('note'),
    uploadedBy: uuid('uploaded_by').references(() => user.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status').$type<ProofStatusValue>().notNull().default('pending'),
    comment: text('comment'),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('order_proofs_order_version_idx').on(t.orderId, t.version),
    check('order_proofs_status_check', sql`${t.status} in ('pending', 'approved', 'changes_requested')`),
  ],
);
