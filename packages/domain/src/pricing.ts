import type { Paise } from './money.ts';

/**
 * The money rules the cart shows and the order service charges (spec §9). Both sides call these same
 * functions, so the total a shopper sees is the total the server takes; only the server's inputs count.
 */

export interface ShippingRules {
  /** A cart total at or above this ships free. */
  freeFrom: Paise;
  /** Charged below freeFrom. */
  fee: Paise;
}

/** Spec §9: shipping is 0 when the cart total is at least ₹499, otherwise ₹150 (the shop can change both in settings). */
export const DEFAULT_SHIPPING_RULES: ShippingRules = { freeFrom: 49_900, fee: 15_000 };

/** An empty cart ships nothing, so it costs nothing. */
export function shippingFor(total: Paise, rules: ShippingRules = DEFAULT_SHIPPING_RULES): Paise {
  if (total <= 0) return 0;
  return total >= rules.freeFrom ? 0 : rules.fee;
}

export type CouponType = 'fixed' | 'percent';

/** Spec §3: a coupon's minimum and its discount. `value` is paise for fixed, a percent (0-100] for percent. */
export interface CouponTerms {
  minimum: Paise;
  discount: { type: CouponType; value: number };
}

/**
 * Spec §9: 0 below the minimum; a fixed coupon gives its value; a percent coupon gives the total times the percent,
 * rounded to 2 decimals of a rupee (a whole paisa). Never more than the total, so an order never goes below zero.
 */
export function couponDiscount(total: Paise, coupon: CouponTerms): Paise {
  if (total <= 0 || total < coupon.minimum) return 0;
  const { type, value } = coupon.discount;
  const raw = type === 'fixed' ? value : Math.round((total * value) / 100);
  return Math.max(0, Math.min(total, raw));
}

/** What the shopper pays: items after the discount, plus shipping on the items' total (before the discount, spec §9). */
export function grandTotal(total: Paise, discount: Paise, shipping: Paise): Paise {
  return Math.max(0, total - discount) + shipping;
}
