import { cartLinesFullText, CART_QUANTITY_ERROR, CART_QUANTITY_WHOLE_ERROR } from '../cart/actions.ts';
import { formatInr } from '../money.ts';
import {
  MAX_COUPON_CODE_LENGTH,
  MAX_IDEMPOTENCY_KEY_LENGTH,
  MAX_ORDER_LINES,
  MAX_ORDER_VALUE_PAISE,
  MAX_QUANTITY_PER_LINE,
  MAX_STATUS_NOTE_LENGTH,
} from '../order-limits.ts';
import { type OrderStatus, orderStatusLabels } from '../order-status.ts';
import { defineRefusals } from './define.ts';

/**
 * Refusals of the orders area (decision 037): placing an order, coupons, the cart, order tracking and status changes.
 * The codes marked "field" are what the order schemas (order.ts) name, answered inside `validation_failed`.
 */
export const orderRefusals = defineRefusals({
  // The request's fields (order.ts schemas).
  quantity_invalid: {
    status: 400,
    message: (p: { max: number }) => `Quantity must be a whole number from 1 to ${p.max}`,
    fixed: { max: MAX_QUANTITY_PER_LINE },
  },
  product_id_invalid: { status: 400, message: () => 'Product id is missing or not a product id' },
  variant_id_invalid: { status: 400, message: () => 'Variant id must be a variant id, or null for a product without options' },
  order_lines_invalid: {
    status: 400,
    message: (p: { max: number }) => `An order holds from 1 to ${p.max} lines`,
    fixed: { max: MAX_ORDER_LINES },
  },
  order_too_large: {
    status: 400,
    message: (p: { limit: number }) => `An order can be worth at most ${formatInr(p.limit)}; please split it into smaller orders`,
    fixed: { limit: MAX_ORDER_VALUE_PAISE },
  },
  duplicate_line: { status: 400, message: () => 'This product option is already on another line of the order' },
  address_required: { status: 400, message: () => 'Choose a delivery address' },
  payment_method_invalid: { status: 400, message: () => 'Choose cash on delivery or pay online' },
  coupon_code_invalid: {
    status: 400,
    message: (p: { max: number }) => `Coupon code must be 1 to ${p.max} characters`,
    fixed: { max: MAX_COUPON_CODE_LENGTH },
  },
  idempotency_key_invalid: {
    status: 400,
    message: (p: { max: number }) => `Idempotency-Key must be 1 to ${p.max} visible characters`,
    fixed: { max: MAX_IDEMPOTENCY_KEY_LENGTH },
  },

  // Placing an order.
  idempotency_key_reused: { status: 422, message: () => 'This Idempotency-Key was already used for a different order' },
  order_in_flight: { status: 409, message: () => 'This order is still being placed; try again in a moment' },
  /** `line` counts from 1, as a shopper reads the cart. */
  product_unavailable: {
    status: 422,
    message: (p: { line: number }) => `The product on line ${p.line} is not available`,
    example: { line: 2 },
  },
  needs_variant: { status: 422, message: (p: { name: string }) => `Choose an option of ${p.name}`, example: { name: 'Moon lamp' } },
  no_variants: { status: 422, message: (p: { name: string }) => `${p.name} has no options: send variantId null`, example: { name: 'Brass diya' } },
  variant_unavailable: {
    status: 422,
    message: (p: { name: string }) => `The chosen option of ${p.name} is not available`,
    example: { name: 'Moon lamp' },
  },
  /** `name` is the line as the cart shows it ("Moon lamp (Rose)"); `left` is 0 when none is left. */
  out_of_stock: {
    status: 409,
    message: (p: { name: string; left: number }) => (p.left <= 0 ? `${p.name} is out of stock` : `Only ${p.left} of ${p.name} left`),
    example: { name: 'Brass lamp', left: 2 },
  },
  /** `count` is the number of `names`, for languages that say "it" and "them" differently. */
  cod_unavailable: {
    status: 422,
    message: (p: { names: readonly string[]; count: number }) =>
      `Cash on delivery is not available for ${p.names.join(', ')}. Remove ${p.count === 1 ? 'it' : 'them'} from the cart to pay on delivery.`,
    example: { names: ['Gold ring'], count: 1 },
  },
  address_not_found: { status: 404, message: () => 'Address not found' },

  // Abuse limits (issue 19; the numbers are the shop's settings, sent as params). `windowMinutes` is 1 or 60 (orders
  // per minute, per hour); `minutes` (whole, rounded up) is when the next order can be placed.
  order_rate_limited: {
    status: 429,
    message: (p: { max: number; windowMinutes: number; minutes: number }) =>
      `You have placed ${p.max} order${p.max === 1 ? '' : 's'} in the last ${windowName(p.windowMinutes)}. ` +
      `You can place the next one in ${p.minutes} minute${p.minutes === 1 ? '' : 's'}.`,
    example: { max: 3, windowMinutes: 1, minutes: 1 },
  },
  /** Placed and not yet delivered or cancelled (order-statuses.ts OPEN_ORDER_STATUSES), paid on delivery. */
  open_orders_limit: {
    status: 409,
    message: (p: { max: number }) =>
      `You already have ${p.max} cash-on-delivery order${p.max === 1 ? '' : 's'} on the way. You can place another once one is delivered or cancelled.`,
    example: { max: 3 },
  },

  // Coupons.
  coupon_not_found: { status: 422, message: () => 'This coupon code is not valid' },
  coupon_not_started: { status: 422, message: () => 'This coupon is not active yet' },
  coupon_expired: { status: 422, message: () => 'This coupon has expired' },
  coupon_used_up: { status: 409, message: () => 'This coupon has been fully used' },
  coupon_used_by_you: { status: 409, message: () => 'You have already used this coupon' },
  /** `minimum` in paise. */
  coupon_minimum_not_met: {
    status: 422,
    message: (p: { minimum: number }) => `Add items worth ${formatInr(p.minimum)} or more to use this coupon`,
    example: { minimum: 49_900 },
  },

  /** Too many codes that name no coupon, from this customer or this address (issue 19: codes could be guessed). */
  coupon_tries_exceeded: {
    status: 429,
    message: (p: { minutes: number }) => `Too many coupon codes tried. Try again in ${p.minutes} minute${p.minutes === 1 ? '' : 's'}.`,
    example: { minutes: 15 },
  },

  // The customer's orders and public tracking.
  order_not_found: { status: 404, message: () => 'Order not found' },
  tracking_not_found: { status: 404, message: () => 'No order matches this order number and mobile number' },
  order_number_invalid: { status: 400, message: () => 'Enter the order number as it appears in your confirmation, e.g. KG-261123-7K3M9Q' },
  tracking_mobile_invalid: { status: 400, message: () => 'Enter a valid 10-digit mobile number' },

  // Status changes (the customer's cancel, the shop's moves).
  cancel_too_late: { status: 409, message: () => 'This order can no longer be cancelled: it is already being made or on its way' },
  /** `from` and `to` are status keys (placed, in_production…). */
  status_change_not_allowed: {
    status: 409,
    message: (p: { from: string; to: string }) => `An order that is ${statusLabel(p.from)} cannot become ${statusLabel(p.to)}`,
    example: { from: 'placed', to: 'shipped' },
  },
  tracking_required: { status: 422, message: () => 'Add the carrier and the tracking number when marking an order shipped' },
  tracking_link_invalid: { status: 400, message: () => 'Tracking link must be an http(s) address' },
  status_note_too_long: {
    status: 400,
    message: (p: { max: number }) => `Note can be at most ${p.max} characters`,
    fixed: { max: MAX_STATUS_NOTE_LENGTH },
  },
  cancel_reason_required: { status: 422, message: () => 'Give a reason for cancelling this order' },

  // The browser's cart (spec §4 and §8: its own rule, not an API answer).
  cart_quantity_invalid: { status: 400, message: () => CART_QUANTITY_ERROR },
  cart_quantity_not_whole: { status: 400, message: () => CART_QUANTITY_WHOLE_ERROR },
  cart_lines_full: { status: 400, message: (p: { max: number }) => cartLinesFullText(p.max), fixed: { max: MAX_ORDER_LINES } },
});

function windowName(minutes: number): string {
  if (minutes === 1) return 'minute';
  return minutes === 60 ? 'hour' : `${minutes} minutes`;
}

function statusLabel(status: string): string {
  return (orderStatusLabels[status as OrderStatus] ?? status).toLowerCase();
}
