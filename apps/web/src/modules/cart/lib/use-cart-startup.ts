'use client';

import { useEffect } from 'react';
import { CART_READD_DELAY_MS, cartProductIds, planCartRefresh } from '@shop/domain/cart/index';
import type { ShippingRules } from '@shop/domain/pricing';
import { fetchCartProducts } from '@lib/api/cart-browser';
import { CART_STORAGE_KEY, useCart } from './cart-store';

let started = false;

/**
 * Spec §4, on every start (a full page load; client navigations keep the running cart): read the stored cart, then
 * ask the shop for its products. Lines matching nothing go at once; the others are re-added one second later with
 * fresh data (price, mrp, cod, stock) and their saved attributes. A failed request leaves the cart as stored — the
 * order service prices every line again anyway. Another tab's changes are picked up through the storage event.
 */
async function startCart(rules: ShippingRules): Promise<void> {
  await useCart.persist.rehydrate();
  useCart.getState().setShippingRules(rules);
  const items = useCart.getState().items;
  if (items.length === 0) return;
  let products;
  try {
    products = await fetchCartProducts(cartProductIds(items));
  } catch {
    return;
  }
  const plan = planCartRefresh(useCart.getState().items, products);
  useCart.getState().dropStaleItems(plan);
  if (plan.readd.length > 0) setTimeout(() => useCart.getState().readdFreshItems(plan), CART_READD_DELAY_MS);
}

export function useCartStartup(rules: ShippingRules): void {
  const { freeFrom, fee } = rules;
  useEffect(() => {
    if (started) {
      useCart.getState().setShippingRules({ freeFrom, fee });
      return;
    }
    started = true;
    void startCart({ freeFrom, fee });
  }, [freeFrom, fee]);

  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === CART_STORAGE_KEY) void useCart.persist.rehydrate();
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
}
