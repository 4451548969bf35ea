import { cartItemName, type CartItem } from '@shop/domain/cart/index';
import { type CodBlock, codBlockFor, paymentCharges } from '@shop/domain/cod/cod-rules';
import type { CodTerms } from '@shop/domain/cod/cod-settings';
import { CASH_ON_DELIVERY, PREPAID } from '@shop/domain/payment';

/**
 * Spec §4: cash on delivery is applicable only if no item has cod false. The names of the lines that rule it out,
 * as the cart shows them (name and attributes), so the reason can name them; empty when cash on delivery is fine.
 */
export function codBlockers(items: readonly Pick<CartItem, 'name' | 'attributes' | 'cod'>[]): string[] {
  return items.filter((item) => item.cod === false).map((item) => cartItemName(item));
}

/** What the payment step tells the shopper about the shop's COD terms for this cart and address (decision 065). */
export interface CodNotice {
  /** The shop's reason cash on delivery is not offered (blocked pincode, over the maximum), or null. */
  block: CodBlock | null;
  /** What a COD order would come to (fee included): the amount compared with the maximum. */
  codTotal: number;
  fee: number;
  /** What paying online saves on this cart (0 when the shop offers no saving). */
  prepaidSaving: number;
  prepaidDiscount: CodTerms['prepaidDiscount'];
  confirmation: CodTerms['confirmation'];
  confirmWithinHours: number;
}

/** The same rules the server applies at placement, on the checkout's numbers and the chosen address's pincode. */
export function codNotice(terms: CodTerms, order: { total: number; discount: number; shipping: number; pincode: string | null }): CodNotice {
  const cod = paymentCharges({ ...order, method: CASH_ON_DELIVERY }, terms);
  const online = paymentCharges({ ...order, method: PREPAID }, terms);
  return {
    block: codBlockFor({ codTotal: cod.grandTotal, pincode: order.pincode }, terms),
    codTotal: cod.grandTotal,
    fee: cod.codFee,
    prepaidSaving: online.prepaidDiscount,
    prepaidDiscount: terms.prepaidDiscount,
    confirmation: terms.confirmation,
    confirmWithinHours: terms.confirmWithinHours,
  };
}
