/**
 * The prepaid order placed from the cart and not paid yet. The cart is kept until the payment succeeds (issue 20): a
 * shopper who abandons payment and pays later from their order page ("Pay now") has the cart emptied then, because it
 * was this order's cart. Kept in localStorage so another tab or a later visit knows it; absent storage, nothing is kept
 * and the cart simply stays.
 */
const KEY = 'pending-payment-order';

type Storage_ = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;

const storage = (): Storage_ => {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
};

export function rememberPendingPayment(orderId: string, store: Storage_ = storage()): void {
  try {
    store?.setItem(KEY, orderId);
  } catch {
    // A full or blocked storage: the cart stays after paying from the order page, nothing worse.
  }
}

/** The order placed from the cart and not paid yet, if any (it may have been paid elsewhere or have expired since). */
export function readPendingPayment(store: Storage_ = storage()): string | null {
  try {
    return store?.getItem(KEY) ?? null;
  } catch {
    return null;
  }
}

/** Whether `orderId` is the one placed from the cart (and forgets it): the cart is then this order's to empty. */
export function settlePendingPayment(orderId: string, store: Storage_ = storage()): boolean {
  try {
    if (store?.getItem(KEY) !== orderId) return false;
    store.removeItem(KEY);
    return true;
  } catch {
    return false;
  }
}
