import { MAX_WISHLIST_ITEMS } from '@shop/domain/refusals/wishlist';

/**
 * The wishlist of a visitor who is not signed in, kept in the browser's local storage (issue 24, decision 099): a JSON
 * array of product ids, oldest first. It is handed to the account at sign-in and then emptied, so a shared computer
 * shows nobody's list after they sign out.
 */
export const WISHLIST_STORAGE_KEY = 'wishlist';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a stored value holds, read defensively: anything but product ids is dropped, each id once, the newest kept. */
export function parseLocalList(raw: string | null): string[] {
  if (!raw) return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return [];
  }
  if (!Array.isArray(parsed)) return [];
  const ids = [...new Set(parsed.filter((id): id is string => typeof id === 'string' && UUID.test(id)).map((id) => id.toLowerCase()))];
  return ids.slice(-MAX_WISHLIST_ITEMS);
}

/** The list with `productId` added at the end (newest) or, when it was there, taken out. Null when it is full. */
export function toggledList(ids: readonly string[], productId: string): string[] | null {
  if (ids.includes(productId)) return ids.filter((id) => id !== productId);
  if (ids.length >= MAX_WISHLIST_ITEMS) return null;
  return [...ids, productId];
}

export function readLocalList(): string[] {
  try {
    return parseLocalList(window.localStorage.getItem(WISHLIST_STORAGE_KEY));
  } catch {
    // Storage refused (private mode, a policy): the list lives as long as the page.
    return [];
  }
}

export function writeLocalList(ids: readonly string[]): void {
  try {
    if (ids.length) window.localStorage.setItem(WISHLIST_STORAGE_KEY, JSON.stringify(ids));
    else window.localStorage.removeItem(WISHLIST_STORAGE_KEY);
  } catch {
    // See readLocalList.
  }
}
