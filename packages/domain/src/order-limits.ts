/**
 * The order rules' fixed numbers, on their own (no zod, no imports) so the refusal catalogue (refusals/orders.ts) can
 * name them without importing the order schemas that name its codes.
 */

/** Most units of one line: a gift shop's single order of 100 identical items is a wholesale enquiry. */
export const MAX_QUANTITY_PER_LINE = 99;
/** Most lines in one order. */
export const MAX_ORDER_LINES = 50;
/** Longest coupon code the shop creates. */
export const MAX_COUPON_CODE_LENGTH = 40;
/** Longest Idempotency-Key header (visible ASCII characters). */
export const MAX_IDEMPOTENCY_KEY_LENGTH = 100;
/** Longest note on a status change. */
export const MAX_STATUS_NOTE_LENGTH = 500;
