import { cartItemName, type CartItem } from '@shop/domain/cart/index';

/**
 * Spec §4: cash on delivery is applicable only if no item has cod false. The names of the lines that rule it out,
 * as the cart shows them (name and attributes), so the reason can name them; empty when cash on delivery is fine.
 */
export function codBlockers(items: readonly Pick<CartItem, 'name' | 'attributes' | 'cod'>[]): string[] {
  return items.filter((item) => item.cod === false).map((item) => cartItemName(item));
}
