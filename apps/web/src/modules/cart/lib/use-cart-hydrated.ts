'use client';

import { useSyncExternalStore } from 'react';
import { useCart } from './cart-store';

const subscribe = (onChange: () => void) => useCart.persist.onFinishHydration(onChange);

/**
 * False until the stored cart has been read from local storage (useCartStartup, right after the page hydrates). The
 * add buttons wait for it: a line added before would be overwritten when the stored cart is read, and a click on a
 * server-rendered button before hydration would do nothing at all.
 */
export function useCartHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => useCart.persist.hasHydrated(),
    () => false,
  );
}
