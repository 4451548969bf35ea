'use client';

import { useEffect } from 'react';
import type { ShippingRules } from '@shop/domain/pricing';
import { CART_STORAGE_KEY, useCart } from './cart-store';

let started = false;

/**
 * Spec §4, on every start (a full page load; client navigations keep the running cart): read the stored cart, then
 * refresh its lines from the shop (refresh-cart.ts, fetched only when there are lines). Another tab's changes are
 * picked up through the storage event.
 */
async function startCart(rules: ShippingRules): Promise<void> {
  await useCart.persist.rehydrate();
  useCart.getState().setShippingRules(rules);
  if (useCart.getState().items.length === 0) return;
  const { refreshCart } = await import('./refresh-cart');
  await refreshCart();
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
