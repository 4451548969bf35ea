import type { CartItem } from '@shop/domain/cart/index';
import type { CouponCheckRequest, PaymentMethod, PlaceOrderRequest } from '@shop/domain/order';

type Line = Pick<CartItem, 'productId' | 'variantId' | 'quantity' | 'personalisation'>;

/**
 * What the API takes per line: which product and option, how many, and (issue 24) the live preview's values. Prices
 * never leave the browser: the server prices.
 */
function orderLinesOf(items: readonly Line[], withPersonalisation = true): PlaceOrderRequest['items'] {
  return items.map((item) => ({
    productId: item.productId,
    variantId: item.variantId,
    quantity: item.quantity,
    ...(withPersonalisation && item.personalisation ? { personalisation: item.personalisation } : {}),
  }));
}

/** The body of POST /api/user/order for this cart, address, coupon and payment method. */
export function placeOrderRequestOf(
  items: readonly Line[],
  addressId: string,
  couponCode: string | null,
  paymentMethod: PaymentMethod = 'cod',
  gift: PlaceOrderRequest['gift'] = null,
): PlaceOrderRequest {
  return { items: orderLinesOf(items), addressId, paymentMethod, ...(couponCode ? { couponCode } : {}), ...(gift ? { gift } : {}) };
}

export function couponCheckRequestOf(items: readonly Line[], code: string): CouponCheckRequest {
  return { code, items: orderLinesOf(items, false) };
}

/** Identifies the lines a server answer (a coupon check) was given for, so a changed cart is checked again. */
export function linesKey(items: readonly Line[]): string {
  return items.map((item) => `${item.productId}.${item.variantId ?? ''}x${item.quantity}`).join('|');
}
