import { RECENTLY_VIEWED_MAX } from '@shop/domain/refusals/wishlist';

/**
 * "Recently viewed" (issue 24, decision 101): the products this browser opened, newest first, kept in local storage
 * and never sent anywhere. Each entry holds what its link shows (name, image), so the rail needs no request; prices
 * are left out, since a stored price would go stale.
 */
export const RECENTLY_VIEWED_KEY = 'recently-viewed';

export interface ViewedProduct {
  id: string;
  slug: string;
  name: string;
  image: { src: string; width: number; height: number } | null;
}

const isViewed = (value: unknown): value is ViewedProduct => {
  if (typeof value !== 'object' || value === null) return false;
  const entry = value as Record<string, unknown>;
  const image = entry.image as Record<string, unknown> | null | undefined;
  return (
    typeof entry.id === 'string' &&
    typeof entry.slug === 'string' &&
    typeof entry.name === 'string' &&
    (image === null ||
      (typeof image === 'object' &&
        typeof image.src === 'string' &&
        (image.src.startsWith('/') || image.src.startsWith('https://')) &&
        typeof image.width === 'number' &&
        typeof image.height === 'number'))
  );
};

/** The stored list, read defensively (anything malformed is dropped), at most RECENTLY_VIEWED_MAX. */
export function parseViewed(raw: string | null): ViewedProduct[] {
  if (!raw) return [];
  try {
    const parsed: unknown = JSON.parse(raw);
    return Array.isArray(parsed) ? parsed.filter(isViewed).slice(0, RECENTLY_VIEWED_MAX) : [];
  } catch {
    return [];
  }
}

/** The list after viewing `product`: it moves to the front (once), the oldest fall off the end. */
export function withViewed(list: readonly ViewedProduct[], product: ViewedProduct): ViewedProduct[] {
  return [product, ...list.filter((entry) => entry.id !== product.id)].slice(0, RECENTLY_VIEWED_MAX);
}

export function readViewed(): ViewedProduct[] {
  try {
    return parseViewed(window.localStorage.getItem(RECENTLY_VIEWED_KEY));
  } catch {
    return [];
  }
}

export function recordViewed(product: ViewedProduct): void {
  try {
    window.localStorage.setItem(RECENTLY_VIEWED_KEY, JSON.stringify(withViewed(readViewed(), product)));
  } catch {
    // Storage refused or full: the rail simply stays as it was.
  }
}
