import { create } from 'zustand';
import { createJSONStorage, persist } from 'zustand/middleware';
// Each module by its own path: the store is on every page, and the refresh plan (loaded with refresh-cart.ts) is not.
import * as cart from '@shop/domain/cart/actions';
import type { CartLine } from '@shop/domain/cart/item';
import { emptyCart, type CartCoupon, type CartState, type CashOnDeliveryPageState } from '@shop/domain/cart/state';
import type { ShippingRules } from '@shop/domain/pricing';
import { cartStorage } from './cart-storage';
import { restoreCart, storedPart } from './restore-cart';

/** The local-storage key the cart lives under (spec §4). */
export const CART_STORAGE_KEY = 'cart';

interface CartActions {
  addItemWithQuantity: (line: CartLine, quantity: number) => void;
  /** Takes one unit off; the line goes at zero. */
  removeItemOrQuantity: (id: string) => void;
  addItem: (item: CartLine & { quantity?: number }) => void;
  removeItem: (id: string) => void;
  updateItem: (id: string, update: cart.CartItemUpdate) => void;
  applyCoupon: (coupon: CartCoupon | null) => void;
  setCashOnDelivery: (on: boolean) => void;
  setCashOnDeliveryPageState: (pageState: CashOnDeliveryPageState) => void;
  updateCartMeta: (meta: Record<string, unknown> | null) => void;
  setShippingRules: (rules: ShippingRules) => void;
  resetCart: () => void;
}

type CartStore = CartState & CartActions;

/** Every action is the domain's pure function applied to the current state (packages/domain/src/cart). */
function actions(set: (update: (state: CartStore) => Partial<CartStore>) => void): CartActions {
  const apply =
    <A extends unknown[]>(action: (state: CartState, ...args: A) => CartState) =>
    (...args: A) =>
      set((state) => action(state, ...args));
  return {
    addItemWithQuantity: apply(cart.addItemWithQuantity),
    removeItemOrQuantity: apply((state, id: string) => cart.removeItemOrQuantity(state, id)),
    addItem: apply(cart.addItem),
    removeItem: apply(cart.removeItem),
    updateItem: apply(cart.updateItem),
    applyCoupon: apply(cart.applyCoupon),
    setCashOnDelivery: apply(cart.setCashOnDelivery),
    setCashOnDeliveryPageState: apply(cart.setCashOnDeliveryPageState),
    updateCartMeta: apply(cart.updateCartMeta),
    setShippingRules: apply(cart.setShippingRules),
    resetCart: apply(cart.resetCart),
  };
}

/**
 * The shopper's cart: one store per tab, kept in local storage under `cart` by zustand's persist middleware.
 * Hydration is manual (`skipHydration`): the server renders the empty cart and the page reads the stored one after
 * hydrating (useCartStartup), so server and browser HTML agree. On the server the store is only ever read (storage
 * is unavailable there and no action runs), so visitors cannot share a cart through it.
 */
export const useCart = create<CartStore>()(
  persist((set) => ({ ...emptyCart(), ...actions(set) }), {
    name: CART_STORAGE_KEY,
    version: 1,
    storage: createJSONStorage(cartStorage),
    skipHydration: true,
    partialize: (state) => storedPart(state),
    merge: (stored, current) => ({ ...current, ...restoreCart(stored, current) }),
  }),
);
