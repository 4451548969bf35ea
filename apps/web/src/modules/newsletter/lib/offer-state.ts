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
 * Whether to open the offer now: not done before, not an automated browser (navigator.webdriver: a pop-up would only
 * get in the way of crawlers rendering pages and of test robots), and nothing else (a sign-in, the cart) in the way.
 */
export function shouldOpenOffer(state: { done: boolean; automated: boolean; modalOpen: boolean; cartOpen: boolean; sidebarOpen: boolean }): boolean {
  return !state.done && !state.automated && !state.modalOpen && !state.cartOpen && !state.sidebarOpen;
}
