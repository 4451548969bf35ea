/**
 * The newsletter offer is shown once per visitor (issue 6): after they close it or subscribe, never again. What they
 * did is kept in this browser's localStorage (no cookie: the server never needs it, so no request carries it).
 */
export const OFFER_STORAGE_KEY = 'kaarigar:newsletter-offer';

/** How long a visitor browses before the offer appears: long enough not to greet them with a pop-up. */
export const OFFER_DELAY_MS = 20_000;

type OfferOutcome = 'closed' | 'subscribed';

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

function storage(): StorageLike | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage blocked (privacy settings): treat the offer as done rather than showing it on every page.
    return null;
  }
}

/** True once the visitor closed the offer or subscribed; also true when storage is unavailable. */
export function offerDone(store: StorageLike | null = storage()): boolean {
  if (!store) return true;
  try {
    return store.getItem(OFFER_STORAGE_KEY) !== null;
  } catch {
    return true;
  }
}

export function markOfferDone(outcome: OfferOutcome, store: StorageLike | null = storage()): void {
  try {
    store?.setItem(OFFER_STORAGE_KEY, outcome);
  } catch {
    // Nothing to do: without storage the offer is not shown anyway.
  }
}

/**
 * Whether to show the offer now: not done before, and nothing else open (a sign-in or another dialog, the cart, the
 * menu, the filters), so it never appears over a dialog. Every visitor gets it, automated browsers included (issue 25):
 * it is built to stay out of the way (decision 077: no focus taken, no layout shifted, nothing covered for good), so
 * crawlers, test robots and audits see the page a shopper sees.
 */
export function shouldOpenOffer(state: { done: boolean; overlayOpen: boolean }): boolean {
  return !state.done && !state.overlayOpen;
}
