'use client';

import { useSyncExternalStore } from 'react';
import { useCart } from '@modules/cart/lib/cart-store';

/**
 * False until the stored cart has been read from local storage (the cart store hydrates by hand after the first
 * render), so checkout says "loading" rather than "your cart is empty" for the first moment of a page load.
 */
export function useCartHydrated(): boolean {
  return useSyncExternalStore(
    (onChange) => useCart.persist.onFinishHydration(onChange),
    () => useCart.persist.hasHydrated(),
    () => false,
  );
}
