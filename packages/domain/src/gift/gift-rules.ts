/**
 * The rules of gift options (issue 24) that need no schema library, so the storefront's checkout can apply them in
 * the browser without shipping zod: the occasions, dates, the delivery promise against the occasion, the wrap line.
 */

export { GIFT_MESSAGE_MAX, GIFT_NAME_MAX } from './gift-limits.ts';

export const giftOccasions = ['birthday', 'anniversary', 'rakhi', 'diwali', 'wedding', 'other'] as const;
export type GiftOccasion = (typeof giftOccasions)[number];

/** A real calendar date written YYYY-MM-DD in the shop's years (2026-02-30 and 9999-12-31 are not one): calendar.ts. */
export { isCalendarDate } from '../calendar.ts';

/** Whether an occasion on `occasionDate` (YYYY-MM-DD) is already past on `today` (India's date). */
export function occasionIsPast(occasionDate: string, today: string): boolean {
  return occasionDate < today;
}

/**
 * How the delivery promise meets the occasion: `late` when even the earliest delivery date is after it (the checkout
 * warns clearly), `at_risk` when only the latest is, `on_time` otherwise. ISO dates compare as strings.
 */
export type OccasionTiming = 'on_time' | 'at_risk' | 'late';
export function occasionTiming(promise: { earliest: string; latest: string }, occasionDate: string): OccasionTiming {
  if (promise.earliest > occasionDate) return 'late';
  if (promise.latest > occasionDate) return 'at_risk';
  return 'on_time';
}

/** The gift-wrap line of an order: the shop's price when wrapping was asked for, else nothing. */
export function giftWrapFeeFor(gift: { wrap: boolean } | null | undefined, wrapFee: number): number {
  return gift?.wrap ? wrapFee : 0;
}

/** A loose browser-side reading of an Indian mobile (the server's phone.ts decides): its 10 digits, or null. */
export function mobileDigits(value: string): string | null {
  const digits = value.replace(/[\s\-.()]/g, '').replace(/^(\+91|0091|0)/, '');
  return /^[6-9]\d{9}$/.test(digits) ? digits : null;
}
