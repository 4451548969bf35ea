import { fetchWishlistIds, mergeWishlist, putOnWishlist, takeOffWishlist } from '@lib/api/wishlist-browser';
import { readLocalList, toggledList, writeLocalList } from './local-list';

/**
 * Which products the visitor has on their wishlist, for every heart on the page (issue 24, decision 099). Catalogue
 * pages are cached HTML shared by everyone, so a heart never learns its state from the server's render: this store
 * fills in the browser, from local storage for a visitor who is not signed in, or with ONE small request
 * (GET /api/user/wishlist/ids) for a signed-in one, after first handing the browser's list to the account
 * (POST /api/user/wishlist/merge, idempotent) and emptying it. One store per tab, outside React, so dozens of hearts
 * share one load.
 */

export interface WishlistSnapshot {
  ids: ReadonlySet<string>;
  loaded: boolean;
}

/** The store's state is the full list; a list too long for one is refused by the API (or here, signed out). */
export class WishlistFullError extends Error {
  readonly code = 'wishlist_full';
}

const EMPTY: WishlistSnapshot = { ids: new Set(), loaded: false };
let state: WishlistSnapshot = EMPTY;
let mode: 'browser' | 'account' | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

function set(ids: Iterable<string>): void {
  state = { ids: new Set(ids), loaded: true };
  for (const listener of listeners) listener();
}

export function subscribeWishlist(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
export const wishlistSnapshot = (): WishlistSnapshot => state;
/** The server's render (and hydration) shows every heart empty: the page is the same for everyone. */
export const serverWishlistSnapshot = (): WishlistSnapshot => EMPTY;

/** True when the browser holds a list to hand to the account (the session mount merges it at sign-in). */
export const hasBrowserList = (): boolean => readLocalList().length > 0;

/**
 * Loads the list for the visitor as they are now: signed in, the account's (the browser's list merged into it first);
 * otherwise the browser's. Repeated calls share one load.
 */
export function loadWishlist(signedIn: boolean): Promise<void> {
  const wanted = signedIn ? 'account' : 'browser';
  if (mode === wanted && loading) return loading;
  mode = wanted;
  const load = (async () => {
    if (!signedIn) return set(readLocalList());
    const browser = readLocalList();
    const ids = browser.length ? await mergeWishlist(browser) : await fetchWishlistIds();
    // Handed over: the account keeps it now (and a shared computer shows nothing once its owner signs out).
    if (browser.length) writeLocalList([]);
    if (mode === wanted) set(ids);
  })();
  const attempt = load.catch((error: unknown) => {
    // Not loaded (offline, session gone): the next heart or page tries again.
    if (loading === attempt) {
      loading = null;
      mode = null;
    }
    throw error;
  });
  loading = attempt;
  return attempt;
}

/** Adds or removes one product; answers whether it is on the list now. Signed in, the change is shown at once and undone if the API refuses it. */
export async function toggleWishlist(productId: string, signedIn: boolean): Promise<boolean> {
  await loadWishlist(signedIn);
  const had = state.ids.has(productId);
  if (!signedIn) {
    const next = toggledList(readLocalList(), productId);
    if (!next) throw new WishlistFullError();
    writeLocalList(next);
    set(next);
    return !had;
  }
  const before = state.ids;
  const optimistic = new Set(before);
  if (had) optimistic.delete(productId);
  else optimistic.add(productId);
  set(optimistic);
  try {
    if (had) await takeOffWishlist(productId);
    else set(await putOnWishlist(productId));
    return !had;
  } catch (error) {
    set(before);
    throw error;
  }
}

/** The wishlist page took a product off (or moved it to the cart): every heart follows. */
export function forgetWishlistItem(productId: string): void {
  if (!state.ids.has(productId)) return;
  const next = new Set(state.ids);
  next.delete(productId);
  set(next);
}
