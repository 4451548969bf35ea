import { personalisationValuesSchema } from './gift/personalisation.ts';
import { linePersonalisationSchema } from './gift/personalisation-template.ts';
import { z } from 'zod';
import { imageSchema, paginatedSchema, productCustomisationSchema } from './catalogue.ts';
import { customerShipmentSchema } from './shipping/shipment.ts';
import { addressSchema } from './address.ts';
import { lineCustomisationSchema } from './customisation.ts';
import { coded } from './field-errors.ts';
import { giftRequestSchema, giftSchema } from './gift/gift.ts';
import { orderProofsSchema } from './gift/proofs.ts';
import { MAX_COUPON_CODE_LENGTH, MAX_IDEMPOTENCY_KEY_LENGTH, MAX_ORDER_LINES, MAX_QUANTITY_PER_LINE, MAX_STATUS_NOTE_LENGTH } from './order-limits.ts';
import { orderActorSchema, orderStatusSchema } from './order-status.ts';
import { normaliseIndianMobile } from './phone.ts';
import { paymentMethods, paymentStatuses } from './payment.ts';
import { type RefusalCode, refusalMessage } from './refusals/index.ts';

/**
 * Orders, coupons and order tracking as the API takes and answers them (issue 4). The storefront's checkout and
 * order pages build on these schemas and paths; the API validates with them and its OpenAPI document is generated
 * from them. Money is integer paise. A client never sends a price: the server prices every order from the database.
 */

/** Where each call lives. */
export const orderApiPaths = {
  /** POST { code, items }: checks a coupon against the caller's cart. */
  coupon: '/api/user/coupon',
  /** POST placeOrderRequest (+ optional Idempotency-Key header): places an order. */
  place: '/api/user/order',
  /** GET ?page&limit: the caller's orders, newest first. */
  list: '/api/user/orders',
  /** GET: how many orders the caller has. */
  count: '/api/orders-count',
  /** GET: one of the caller's orders (another user's id answers 404). */
  detail: (id: string) => `/api/user/order/${encodeURIComponent(id)}`,
  /** POST (no body): the customer cancels, while the status allows it. */
  cancel: (id: string) => `/api/user/order/${encodeURIComponent(id)}/cancel`,
  /** POST { razorpay_payment_id, razorpay_order_id, razorpay_signature }: confirms a prepaid order's payment. */
  verifyPayment: (id: string) => `/api/user/order/${encodeURIComponent(id)}/payment/verify`,
  /** POST (no body): an unpaid prepaid order of the caller is paid on delivery instead (decision 062). */
  payOnDelivery: (id: string) => `/api/user/order/${encodeURIComponent(id)}/payment/cash-on-delivery`,
  /** POST (raw JSON, signed by Razorpay): the provider's webhook. */
  razorpayWebhook: '/api/payments/razorpay/webhook',
  /** POST { number, mobile }: public tracking, the status timeline of one order. */
  track: '/api/order/track',
  /** POST { status, note?, tracking? }: the shop moves an order on (staff or admin). */
  adminStatus: (id: string) => `/api/admin/orders/${encodeURIComponent(id)}/status`,
} as const;

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

export { MAX_COUPON_CODE_LENGTH, MAX_IDEMPOTENCY_KEY_LENGTH, MAX_ORDER_LINES, MAX_QUANTITY_PER_LINE, MAX_STATUS_NOTE_LENGTH } from './order-limits.ts';

export { paymentMethods, type PaymentMethod } from './payment.ts';
export const paymentMethodSchema = z.enum(paymentMethods, { error: coded('payment_method_invalid') });
export const paymentStatusSchema = z.enum(paymentStatuses);

/**
 * What the browser needs to open the provider's checkout for a prepaid order (issue 20): the public key, the provider's
 * order and the amount in paise. Only on a prepaid order still waiting for its payment.
 */
export const checkoutPaymentSchema = z.object({
  provider: z.literal('razorpay'),
  keyId: z.string(),
  providerOrderId: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  /**
   * The provider's browser library to load on the payment step: Razorpay's checkout.js, or with the loopback gateway
   * the API's own stand-in (decision 061). The storefront never decides which.
   */
  scriptUrl: z.string(),
});
export type CheckoutPayment = z.infer<typeof checkoutPaymentSchema>;

/** POST /api/user/order/{id}/payment/verify: what Razorpay Checkout hands the browser after a payment. */
export const verifyPaymentRequestSchema = z.object({
  razorpay_payment_id: z.string({ error: coded('payment_signature_invalid') }).regex(/^pay_[A-Za-z0-9]{1,40}$/, { error: coded('payment_signature_invalid') }),
  razorpay_order_id: z.string({ error: coded('payment_signature_invalid') }).regex(/^order_[A-Za-z0-9]{1,40}$/, { error: coded('payment_signature_invalid') }),
  razorpay_signature: z.string({ error: coded('payment_signature_invalid') }).regex(/^[0-9a-f]{64}$/i, { error: coded('payment_signature_invalid') }),
});
export type VerifyPaymentRequest = z.input<typeof verifyPaymentRequestSchema>;

/**
 * English texts the back office's own schemas still use (admin/orders.ts). Every order, coupon, tracking and status
 * refusal is a code of refusals/orders.ts (decision 037); these are its texts, not a second copy.
 */
export const orderMessages = {
  orderNotFound: refusalMessage('order_not_found'),
  statusNote: refusalMessage('status_note_too_long'),
  trackingRequired: refusalMessage('tracking_required'),
  trackingLink: refusalMessage('tracking_link_invalid'),
} as const;

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idSchema = (code: RefusalCode) => z.string({ error: coded(code) }).regex(ID, { error: coded(code) });

export const quantitySchema = z
  .number({ error: coded('quantity_invalid') })
  .int({ error: coded('quantity_invalid') })
  .min(1, { error: coded('quantity_invalid') })
  .max(MAX_QUANTITY_PER_LINE, { error: coded('quantity_invalid') });

/** One line as a client asks for it: which product (and option), how many. Anything else sent is ignored. */
export const orderLineRequestSchema = z.object({
  productId: idSchema('product_id_invalid'),
  /** The variant's `_id`; null (or absent) for a product without options. */
  variantId: idSchema('variant_id_invalid').nullable().default(null),
  quantity: quantitySchema,
  /** Issue 24: the live preview's values (decision 107); only for a product with a template. */
  personalisation: personalisationValuesSchema.optional(),
});
export type OrderLineRequest = z.input<typeof orderLineRequestSchema>;

/** Lines of a cart or an order: 1 to MAX_ORDER_LINES, each product option once. */
export const orderLinesSchema = z
  .array(orderLineRequestSchema, { error: coded('order_lines_invalid') })
  .min(1, { error: coded('order_lines_invalid') })
  .max(MAX_ORDER_LINES, { error: coded('order_lines_invalid') })
  .superRefine((lines, context) => {
    const seen = new Set<string>();
    lines.forEach((line, index) => {
      const key = `${line.productId.toLowerCase()}.${line.variantId?.toLowerCase() ?? ''}`;
      if (seen.has(key)) context.addIssue({ code: 'custom', path: [index], message: coded('duplicate_line') });
      seen.add(key);
    });
  });

export const couponCodeSchema = z
  .string({ error: coded('coupon_code_invalid') })
  .trim()
  .min(1, { error: coded('coupon_code_invalid') })
  .max(MAX_COUPON_CODE_LENGTH, { error: coded('coupon_code_invalid') })
  .transform((code) => code.toUpperCase());

/** POST /api/user/order. Price, total and mrp fields a client adds are dropped, never read. */
export const placeOrderRequestSchema = z.object({
  items: orderLinesSchema,
  addressId: idSchema('address_required'),
  paymentMethod: paymentMethodSchema,
  /** Optional; empty means none. */
  couponCode: z.preprocess((value) => (value === '' || value === null ? undefined : value), couponCodeSchema.optional()),
  /** Issue 24: the gift options; absent or null for an order that is not a gift. Wrap is priced by the server. */
  gift: giftRequestSchema.nullable().optional(),
});
export type PlaceOrderRequest = z.input<typeof placeOrderRequestSchema>;
export type PlaceOrderValues = z.output<typeof placeOrderRequestSchema>;

/** The Idempotency-Key header: what a client generates once per checkout attempt (a uuid is ideal). */
export const idempotencyKeySchema = z
  .string({ error: coded('idempotency_key_invalid') })
  .regex(new RegExp(`^[\\x21-\\x7e]{1,${MAX_IDEMPOTENCY_KEY_LENGTH}}$`), { error: coded('idempotency_key_invalid') });

/** POST /api/user/coupon: a code and the cart it is for (the server prices the cart itself). */
export const couponCheckRequestSchema = z.object({
  code: couponCodeSchema,
  items: orderLinesSchema,
});
export type CouponCheckRequest = z.input<typeof couponCheckRequestSchema>;

/**
 * A valid coupon for this cart: its terms as spec §3 names them (`minimum`, `discount { type, value }`; value is
 * paise for fixed, a percent for percent), the cart's total as the server prices it and the discount it gives now
 * (0 below the minimum, with `message` saying what is missing: the English of `coupon_minimum_not_met` with the
 * coupon's `minimum`, which a client translates by that code).
 */
export const couponCheckResponseSchema = z.object({
  code: z.string(),
  minimum: z.number().int(),
  discount: z.object({ type: z.enum(['fixed', 'percent']), value: z.number() }),
  total: z.number().int(),
  amount: z.number().int(),
  applicable: z.boolean(),
  message: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export type CouponCheckResponse = z.infer<typeof couponCheckResponseSchema>;

/** One line of a placed order: a snapshot of the product as it was sold, so later catalogue edits change nothing. */
export const orderLineSchema = z.object({
  /** The line's own id (customisation is attached per line). */
  id: z.string(),
  productId: z.string(),
  variantId: z.string().nullable(),
  name: z.string(),
  slug: z.string(),
  image: imageSchema.nullable(),
  /** The chosen option, e.g. { Colour: 'Rose Gold' }; {} for a product without options. */
  attributes: z.record(z.string(), z.string()),
  sku: z.string().nullable(),
  price: z.number().int(),
  mrp: z.number().int(),
  quantity: z.number().int(),
  itemTotal: z.number().int(),
  itemMrp: z.number().int(),
  cod: z.boolean(),
  product_customization: productCustomisationSchema.nullable(),
  /** What the customer sent for each unit (issue 5); null for a line that is not customisable. */
  customisation: lineCustomisationSchema.nullable(),
  /** Issue 24: what the shopper chose in the live preview, and the preview as rendered (decision 107); null without. */
  personalisation: linePersonalisationSchema.nullable().optional(),
});
export type OrderLine = z.infer<typeof orderLineSchema>;

/** The delivery address as it was when the order was placed: a saved address's fields, without its id, default flag and date. */
export const orderAddressSchema = addressSchema.omit({ _id: true, isDefault: true, createdAt: true });
export type OrderAddress = z.infer<typeof orderAddressSchema>;

export const statusChangeSchema = z.object({
  status: orderStatusSchema,
  at: z.string(),
  actor: orderActorSchema,
  note: z.string().nullable(),
});
export type StatusChange = z.infer<typeof statusChangeSchema>;

/** Set by the shop when it ships (the order-tracking panel shows it). */
export const shipmentTrackingSchema = z.object({
  carrier: z.string(),
  number: z.string(),
  link: z.string().nullable(),
});
export type ShipmentTracking = z.infer<typeof shipmentTrackingSchema>;

/** An order as its customer sees it. Totals use the cart's names (spec §3): total is the items at their prices. */
export const orderSchema = z.object({
  _id: z.string(),
  /** Readable, e.g. KG-261123-7K3M9Q. */
  number: z.string(),
  status: orderStatusSchema,
  /** Oldest first. */
  statusHistory: z.array(statusChangeSchema),
  items: z.array(orderLineSchema),
  totalItems: z.number().int(),
  total: z.number().int(),
  totalMrp: z.number().int(),
  discount: z.number().int(),
  shipping: z.number().int(),
  grandTotal: z.number().int(),
  /** The COD fee charged and the prepaid saving taken off, in paise (decision 065); both 0 when the shop has none. */
  codFee: z.number().int(),
  prepaidDiscount: z.number().int(),
  /** Issue 24: the gift options (null: not a gift) and the gift-wrap line in paise (0 when not wrapped). */
  gift: giftSchema.nullable(),
  giftWrapFee: z.number().int(),
  /** Issue 24: the proofs of a made-to-approve order, oldest first, and whether production may start. */
  proofs: orderProofsSchema,
  /** A COD order that waits (or waited) for the customer's confirmation by SMS code or link; null when none was asked. */
  codConfirmation: z.object({ method: z.enum(['sms_code', 'link']), confirmBy: z.string().nullable(), confirmedAt: z.string().nullable() }).nullable(),
  paymentMethod: paymentMethodSchema,
  /** Where the money is (decision 060): cash on delivery stays pending until collected. */
  paymentStatus: paymentStatusSchema,
  /** A prepaid order not paid by then is cancelled and its stock released (ISO); null for cash on delivery. */
  reservationExpiresAt: z.string().nullable(),
  /** Refunded so far, in paise (refund.processed sets it); 0 when nothing was refunded. */
  amountRefunded: z.number().int(),
  /** Present on a prepaid order waiting for its payment, when placed: what the browser opens checkout with. */
  payment: checkoutPaymentSchema.optional(),
  couponCode: z.string().nullable(),
  address: orderAddressSchema,
  tracking: shipmentTrackingSchema.nullable(),
  /** The carrier shipment and its tracking timeline (issue 22), for the two shipping widgets; null before shipping. */
  shipment: customerShipmentSchema.nullable(),
  /** Whether the customer may cancel now (customerCanCancel of the status). */
  canCancel: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Order = z.infer<typeof orderSchema>;

export const orderListSchema = paginatedSchema(orderSchema);
export const orderCountSchema = z.object({ total: z.number().int() });

/** POST /api/order/track: no sign-in, so both parts are needed; a wrong pair answers 404 without saying which. */
export const trackOrderRequestSchema = z.object({
  number: z
    .string({ error: coded('order_number_invalid') })
    .trim()
    .toUpperCase()
    .regex(/^KG-\d{6}-[0-9A-Z]{6}$/, { error: coded('order_number_invalid') }),
  /** Any common form of an Indian mobile number; the output is "+91…" (phone.ts). */
  mobile: z.string({ error: coded('tracking_mobile_invalid') }).transform((value, context) => {
    const normalised = normaliseIndianMobile(value);
    if (normalised === null) {
      context.addIssue({ code: 'custom', message: coded('tracking_mobile_invalid') });
      return z.NEVER;
    }
    return normalised;
  }),
});
export type TrackOrderRequest = z.input<typeof trackOrderRequestSchema>;

/** What tracking tells someone holding the number and the phone: the timeline, nothing personal. */
export const orderTrackingSchema = z.object({
  number: z.string(),
  status: orderStatusSchema,
  statusHistory: z.array(statusChangeSchema),
  tracking: shipmentTrackingSchema.nullable(),
  /** The carrier shipment and its tracking timeline (issue 22); null before shipping. */
  shipment: customerShipmentSchema.nullable(),
  totalItems: z.number().int(),
  createdAt: z.string(),
  /** How the order is paid and where the money is, refunds included (issue 20). */
  paymentMethod: paymentMethodSchema,
  paymentStatus: paymentStatusSchema,
  amountRefunded: z.number().int(),
});
export type OrderTracking = z.infer<typeof orderTrackingSchema>;

/** POST /api/admin/orders/{id}/status. Tracking is required when the status becomes shipped. */
export const orderStatusChangeRequestSchema = z.object({
  status: orderStatusSchema,
  note: z
    .string()
    .trim()
    .max(MAX_STATUS_NOTE_LENGTH, { error: coded('status_note_too_long') })
    .optional(),
  tracking: z
    .object({
      carrier: z
        .string()
        .trim()
        .min(1, { error: coded('tracking_required') })
        .max(80),
      number: z
        .string()
        .trim()
        .min(1, { error: coded('tracking_required') })
        .max(80),
      link: z
        .string()
        .trim()
        .max(500)
        .regex(/^https?:\/\/\S+$/i, { error: coded('tracking_link_invalid') })
        .optional(),
    })
    .optional(),
});
export type OrderStatusChangeRequest = z.input<typeof orderStatusChangeRequestSchema>;
