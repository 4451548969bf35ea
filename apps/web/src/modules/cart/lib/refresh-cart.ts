import { CART_READD_DELAY_MS, cartProductIds, dropStaleItems, planCartRefresh, readdFreshItems } from '@shop/domain/cart/refresh';
import { fetchCartProducts } from '@lib/api/cart-browser';
import { useCart } from './cart-store';

/**
 * Spec §4's refresh of a stored cart: ask the shop for the lines' products; lines matching nothing go at once, the
 * others are re-added one second later with fresh data (price, mrp, cod, stock) and their saved attributes. A failed
 * request leaves the cart as stored: the order service prices every line again anyway. Loaded only when the stored
 * cart has lines, so an empty cart costs a page nothing but reading local storage.
 */
export async function refreshCart(): Promise<void> {
  const items = useCart.getState().items;
  if (items.length === 0) return;
  let products;
  try {
    products = await fetchCartProducts(cartProductIds(items));
  } catch {
    return;
  }
  // Planned over the lines the request was made for: a line added meanwhile was made from fresh data and stays.
  const plan = planCartRefresh(items, products);
  useCart.setState((state) => dropStaleItems(state, plan));
  if (plan.readd.length > 0) setTimeout(() => useCart.setState((state) => readdFreshItems(state, plan)), CART_READD_DELAY_MS);
}
