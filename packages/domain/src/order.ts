import { z } from 'zod';
import { imageSchema, paginatedSchema, productCustomizationSchema } from './catalogue.ts';
import { addressSchema } from './address.ts';
import { lineCustomisationSchema } from './customisation.ts';
import { formatInr, type Paise } from './money.ts';
import { orderActorSchema, orderStatusSchema } from './order-status.ts';
import { indianMobileSchema } from './phone.ts';

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
  /** POST { number, mobile }: public tracking, the status timeline of one order. */
  track: '/api/order/track',
  /** POST { status, note?, tracking? }: the shop moves an order on (staff or admin). */
  adminStatus: (id: string) => `/api/admin/orders/${encodeURIComponent(id)}/status`,
} as const;

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** Most units of one line: a gift shop's single order of 100 identical items is a wholesale enquiry. */
export const MAX_QUANTITY_PER_LINE = 99;
/** Most lines in one order. */
export const MAX_ORDER_LINES = 50;
/** Longest coupon code the shop creates. */
export const MAX_COUPON_CODE_LENGTH = 40;

export const paymentMethods = ['cod'] as const;
export const paymentMethodSchema = z.enum(paymentMethods, { error: 'Choose cash on delivery: it is the only payment method for now' });
export type PaymentMethod = (typeof paymentMethods)[number];

/** Every message of the order and coupon rules (exact texts; the storefront may translate them by match). */
export const orderMessages = {
  quantity: `Quantity must be a whole number from 1 to ${MAX_QUANTITY_PER_LINE}`,
  productId: 'Product id is missing or not a product id',
  variantId: 'Variant id must be a variant id, or null for a product without options',
  items: `An order holds from 1 to ${MAX_ORDER_LINES} lines`,
  duplicateLine: 'This product option is already on another line of the order',
  addressId: 'Choose a delivery address',
  couponCode: `Coupon code must be 1 to ${MAX_COUPON_CODE_LENGTH} characters`,
  idempotencyKey: 'Idempotency-Key must be 1 to 100 visible characters',
  idempotencyReused: 'This Idempotency-Key was already used for a different order',
  idempotencyInFlight: 'This order is still being placed; try again in a moment',
  productUnavailable: (line: number) => `The product on line ${line + 1} is not available`,
  needsVariant: (name: string) => `Choose an option of ${name}`,
  noVariants: (name: string) => `${name} has no options: send variantId null`,
  variantNotFound: (name: string) => `The chosen option of ${name} is not available`,
  outOfStock: (name: string, left: number) => (left <= 0 ? `${name} is out of stock` : `Only ${left} of ${name} left`),
  codUnavailable: (names: string[]) =>
    `Cash on delivery is not available for ${names.join(', ')}. Remove ${names.length === 1 ? 'it' : 'them'} from the cart to pay on delivery.`,
  addressNotFound: 'Address not found',
  orderNotFound: 'Order not found',
  trackingNotFound: 'No order matches this order number and mobile number',
  orderNumber: 'Enter the order number as it appears in your confirmation, e.g. KG-261123-7K3M9Q',
  statusNote: 'Note can be at most 500 characters',
  trackingRequired: 'Add the carrier and the tracking number when marking an order shipped',
  trackingLink: 'Tracking link must be an http(s) address',
} as const;

export const couponMessages = {
  notFound: 'This coupon code is not valid',
  notStarted: 'This coupon is not active yet',
  expired: 'This coupon has expired',
  usedUp: 'This coupon has been fully used',
  usedByYou: 'You have already used this coupon',
  minimum: (minimum: Paise) => `Add items worth ${formatInr(minimum)} or more to use this coupon`,
} as const;

const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idSchema = (message: string) => z.string({ error: message }).regex(ID, { error: message });

export const quantitySchema = z
  .number({ error: orderMessages.quantity })
  .int({ error: orderMessages.quantity })
  .min(1, { error: orderMessages.quantity })
  .max(MAX_QUANTITY_PER_LINE, { error: orderMessages.quantity });

/** One line as a client asks for it: which product (and option), how many. Anything else sent is ignored. */
export const orderLineRequestSchema = z.object({
  productId: idSchema(orderMessages.productId),
  /** The variant's `_id`; null (or absent) for a product without options. */
  variantId: idSchema(orderMessages.variantId).nullable().default(null),
  quantity: quantitySchema,
});
export type OrderLineRequest = z.input<typeof orderLineRequestSchema>;

/** Lines of a cart or an order: 1–50, each product option once. */
export const orderLinesSchema = z
  .array(orderLineRequestSchema, { error: orderMessages.items })
  .min(1, { error: orderMessages.items })
  .max(MAX_ORDER_LINES, { error: orderMessages.items })
  .superRefine((lines, context) => {
    const seen = new Set<string>();
    lines.forEach((line, index) => {
      const key = `${line.productId.toLowerCase()}.${line.variantId?.toLowerCase() ?? ''}`;
      if (seen.has(key)) context.addIssue({ code: 'custom', path: [index], message: orderMessages.duplicateLine });
      seen.add(key);
    });
  });

export const couponCodeSchema = z
  .string({ error: orderMessages.couponCode })
  .trim()
  .min(1, { error: orderMessages.couponCode })
  .max(MAX_COUPON_CODE_LENGTH, { error: orderMessages.couponCode })
  .transform((code) => code.toUpperCase());

/** POST /api/user/order. Price, total and mrp fields a client adds are dropped, never read. */
export const placeOrderRequestSchema = z.object({
  items: orderLinesSchema,
  addressId: idSchema(orderMessages.addressId),
  paymentMethod: paymentMethodSchema,
  /** Optional; empty means none. */
  couponCode: z.preprocess((value) => (value === '' || value === null ? undefined : value), couponCodeSchema.optional()),
});
export type PlaceOrderRequest = z.input<typeof placeOrderRequestSchema>;
export type PlaceOrderValues = z.output<typeof placeOrderRequestSchema>;

/** The Idempotency-Key header: what a client generates once per checkout attempt (a uuid is ideal). */
export const idempotencyKeySchema = z
  .string()
  .regex(/^[\x21-\x7e]{1,100}$/, { error: orderMessages.idempotencyKey });

/** POST /api/user/coupon: a code and the cart it is for (the server prices the cart itself). */
export const couponCheckRequestSchema = z.object({
  code: couponCodeSchema,
  items: orderLinesSchema,
});
export type CouponCheckRequest = z.input<typeof couponCheckRequestSchema>;

/**
 * A valid coupon for this cart: its terms as spec §3 names them (`minimum`, `discount { type, value }`; value is
 * paise for fixed, a percent for percent), the cart's total as the server prices it and the discount it gives now
 * (0 below the minimum, with `message` saying what is missing).
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
  product_customization: productCustomizationSchema.nullable(),
  /** What the customer sent for each unit (issue 5); null for a line that is not customisable. */
  customisation: lineCustomisationSchema.nullable(),
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
  paymentMethod: paymentMethodSchema,
  couponCode: z.string().nullable(),
  address: orderAddressSchema,
  tracking: shipmentTrackingSchema.nullable(),
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
    .string({ error: orderMessages.orderNumber })
    .trim()
    .toUpperCase()
    .regex(/^KG-\d{6}-[0-9A-Z]{6}$/, { error: orderMessages.orderNumber }),
  mobile: indianMobileSchema,
});
export type TrackOrderRequest = z.input<typeof trackOrderRequestSchema>;

/** What tracking tells someone holding the number and the phone: the timeline, nothing personal. */
export const orderTrackingSchema = z.object({
  number: z.string(),
  status: orderStatusSchema,
  statusHistory: z.array(statusChangeSchema),
  tracking: shipmentTrackingSchema.nullable(),
  totalItems: z.number().int(),
  createdAt: z.string(),
});
export type OrderTracking = z.infer<typeof orderTrackingSchema>;

/** POST /api/admin/orders/{id}/status. Tracking is required when the status becomes shipped. */
export const orderStatusChangeRequestSchema = z.object({
  status: orderStatusSchema,
  note: z.string().trim().max(500, { error: orderMessages.statusNote }).optional(),
  tracking: z
    .object({
      carrier: z.string().trim().min(1, { error: orderMessages.trackingRequired }).max(80),
      number: z.string().trim().min(1, { error: orderMessages.trackingRequired }).max(80),
      link: z
        .string()
        .trim()
        .max(500)
        .regex(/^https?:\/\/\S+$/i, { error: orderMessages.trackingLink })
        .optional(),
    })
    .optional(),
});
export type OrderStatusChangeRequest = z.input<typeof orderStatusChangeRequestSchema>;
