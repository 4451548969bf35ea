import type { Paise } from '../money.ts';
import { couponDiscount, DEFAULT_SHIPPING_RULES, shippingFor, type CouponTerms, type ShippingRules } from '../pricing.ts';
import { withQuantity, type CartItem } from './item.ts';

/** A coupon the cart holds: its code and terms (spec §3 "Coupon"), as the coupon check answered them. */
export interface CartCoupon extends CouponTerms {
  code: string;
}

/** Whatever the checkout keeps about its cash-on-delivery step; cleared when cash on delivery is checked. */
export type CashOnDeliveryPageState = Record<string, unknown> | null;

/** Spec §3 "Cart state", plus the shop's shipping rules the totals are computed with. */
export interface CartState {
  items: CartItem[];
  isEmpty: boolean;
  /** Sum of the quantities. */
  totalItems: number;
  /** Number of lines. */
  totalUniqueItems: number;
  /** Σ price × quantity. */
  total: Paise;
  /** Σ mrp × quantity. */
  totalMrp: Paise;
  meta: Record<string, unknown> | null;
  /** shippingFor(total). */
  shipping: Paise;
  coupon: CartCoupon | null;
  /** couponDiscount(total, coupon), 0 without a coupon. */
  discount: Paise;
  /** The shopper chose cash on delivery; only ever true while it is applicable. */
  isCashOnDelivery: boolean;
  cashOnDeliveryPageState: CashOnDeliveryPageState;
  shippingRules: ShippingRules;
}

/** Spec §4: cash on delivery is applicable only if no item has cod false. */
export function isCashOnDeliveryApplicable(items: readonly CartItem[]): boolean {
  return items.every((item) => item.cod !== false);
}

/**
 * Every derived field from the items, the coupon and the shipping rules (spec §4: totals are recomputed after
 * every change). Each action ends here, so a state is never half updated.
 */
export function recompute(state: CartState, items: readonly CartItem[] = state.items): CartState {
  const lines = items.map((item) => withQuantity(item, item.quantity));
  const total = lines.reduce((sum, item) => sum + item.itemTotal, 0);
  const totalMrp = lines.reduce((sum, item) => sum + item.itemMrp, 0);
  return {
    ...state,
    items: lines,
    isEmpty: lines.length === 0,
    totalItems: lines.reduce((sum, item) => sum + item.quantity, 0),
    totalUniqueItems: lines.length,
    total,
    totalMrp,
    shipping: shippingFor(total, state.shippingRules),
    discount: state.coupon ? couponDiscount(total, state.coupon) : 0,
    isCashOnDelivery: state.isCashOnDelivery && isCashOnDeliveryApplicable(lines),
  };
}

export function emptyCart(shippingRules: ShippingRules = DEFAULT_SHIPPING_RULES): CartState {
  return {
    items: [],
    isEmpty: true,
    totalItems: 0,
    totalUniqueItems: 0,
    total: 0,
    totalMrp: 0,
    meta: null,
    shipping: 0,
    coupon: null,
    discount: 0,
    isCashOnDelivery: false,
    cashOnDeliveryPageState: null,
    shippingRules: { ...shippingRules },
  };
}
