import { grandTotal, shippingFor, type ShippingRules } from '@shop/domain/pricing';
import type { CouponCheckResponse } from '@shop/domain/order';

export interface CheckoutTotals {
  /** Items at their prices. */
  total: number;
  /** What the items would cost at their mrp, less what they cost: the shopper's savings. */
  savings: number;
  discount: number;
  shipping: number;
  grandTotal: number;
  /** True when the numbers are the server's (a coupon check for exactly these lines), not the browser's estimate. */
  fromServer: boolean;
}

interface CartNumbers {
  total: number;
  totalMrp: number;
  discount: number;
  shippingRules: ShippingRules;
}

/**
 * The summary's numbers. The server's are what count: when a coupon check answered for exactly these lines, its
 * total and discount are shown (shipping follows the same rule the server applies); otherwise the cart's own, which
 * the start-up refresh keeps close to the shop's prices. The placed order then shows the server's final figures.
 */
export function checkoutTotals(cart: CartNumbers, check: Pick<CouponCheckResponse, 'total' | 'amount'> | null): CheckoutTotals {
  const total = check ? check.total : cart.total;
  const discount = check ? check.amount : cart.discount;
  const shipping = shippingFor(total, cart.shippingRules);
  return {
    total,
    savings: Math.max(0, cart.totalMrp - cart.total),
    discount,
    shipping,
    grandTotal: grandTotal(total, discount, shipping),
    fromServer: check !== null,
  };
}
