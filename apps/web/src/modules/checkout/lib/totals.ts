import { type CodTerms } from '@shop/domain/cod/cod-settings';
import { paymentCharges } from '@shop/domain/cod/cod-rules';
import type { PaymentMethod } from '@shop/domain/payment';
import { grandTotal, shippingFor, type ShippingRules } from '@shop/domain/pricing';
import type { CouponCheckResponse } from '@shop/domain/order';

export interface CheckoutTotals {
  /** Items at their prices. */
  total: number;
  /** What the items would cost at their mrp, less what they cost: the shopper's savings. */
  savings: number;
  discount: number;
  shipping: number;
  /** The shop's COD fee when cash on delivery is chosen (decision 065); 0 otherwise. */
  codFee: number;
  /** The shop's saving for paying online when an online payment is chosen; 0 otherwise. */
  prepaidDiscount: number;
  /** The gift-wrap line when the shopper asked for it (issue 24), at the shop's price; 0 otherwise. */
  giftWrap: number;
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

/** How the shopper pays (null: not chosen yet) and the shop's COD terms that price it. */
export interface PaymentChoice {
  method: PaymentMethod | null;
  terms: Pick<CodTerms, 'fee' | 'prepaidDiscount'>;
}

/**
 * The summary's numbers. The server's are what count: when a coupon check answered for exactly these lines, its
 * total and discount are shown (shipping follows the same rule the server applies); otherwise the cart's own, which
 * the start-up refresh keeps close to the shop's prices. The COD fee or the prepaid saving follows the chosen way to
 * pay, by the same rule the server applies at placement (packages/domain/src/cod/cod-rules.ts). The placed order then
 * shows the server's final figures.
 */
export function checkoutTotals(
  cart: CartNumbers,
  check: Pick<CouponCheckResponse, 'total' | 'amount'> | null,
  payment?: PaymentChoice,
  giftWrap = 0,
): CheckoutTotals {
  const total = check ? check.total : cart.total;
  const discount = check ? check.amount : cart.discount;
  const shipping = shippingFor(total, cart.shippingRules);
  const charges = payment?.method
    ? paymentCharges({ total, discount, shipping, giftWrap, method: payment.method }, payment.terms)
    : { codFee: 0, prepaidDiscount: 0, grandTotal: grandTotal(total, discount, shipping) + giftWrap };
  return {
    total,
    savings: Math.max(0, cart.totalMrp - cart.total),
    discount,
    shipping,
    codFee: charges.codFee,
    prepaidDiscount: charges.prepaidDiscount,
    giftWrap,
    grandTotal: charges.grandTotal,
    fromServer: check !== null,
  };
}
