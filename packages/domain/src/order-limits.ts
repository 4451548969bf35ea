/**
 * The order rules' fixed numbers, on their own (no zod, no imports) so the refusal catalogue (refusals/orders.ts) can
 * name them without importing the order schemas that name its codes.
 */

/**
 * Most units of one line (issue 19): a gift shop's order of more than ten identical items is a wholesale enquiry, and
 * a bigger line only lets one order drain a product's stock. The spec names no maximum. The storefront's quantity
 * picker and cart stop here too (cart/actions.ts), so a shopper never meets the API's refusal.
 */
export const MAX_QUANTITY_PER_LINE = 10;
/** Most lines in one order (issue 19); the cart holds no more lines than an order can take. */
export const MAX_ORDER_LINES = 20;
/**
 * Largest order value, at mrp, in paise (₹2 crore). An item may cost up to ₹1 crore (admin/products.ts), so ten units
 * of one could pass what the order's integer money columns hold (2^31 - 1 paise, ₹2.15 crore); no gift order comes
 * near either, so the order is refused with a code rather than widening every money column (found by the fuzzer).
 */
export const MAX_ORDER_VALUE_PAISE = 2_000_000_000;
/** Longest coupon code the shop creates. */
export const MAX_COUPON_CODE_LENGTH = 40;
/** Longest Idempotency-Key header (visible ASCII characters). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 100;
/** Longest note on a status change. */
export const MAX_STATUS_NOTE_LENGTH = 500;
