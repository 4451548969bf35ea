import { MAX_QUANTITY_PER_LINE } from '@shop/domain/order-limits';
import { PREVIEW_AREAS_MAX, PREVIEW_TEXT_MAX } from '@shop/domain/gift/personalisation-limits';

/**
 * A personalised add to cart waiting for the shopper to sign in (decision 120). Adding uploads the photos and the
 * rendered preview, and uploads are a signed-in customer's (decision 023), so a signed-out shopper pressing "Add" is
 * asked to sign in and the add finishes by itself once they are. What they typed waits here, in this tab's
 * sessionStorage, so a sign-in that reloads the page (Google, an emailed link, a refresh) does not lose it; the
 * photos are Files held in the page's memory only (too large for storage), so after a reload they are chosen again.
 */

const KEY = 'personalisation-pending';
/** A sign-in takes minutes; an add found later than this is the shopper's old intent, not today's: it is dropped. */
export const PENDING_MAX_AGE_MS = 30 * 60_000;

export interface PendingPersonalisation {
  /** The cart line it is for (product and variant): only that product's page picks it up. */
  lineId: string;
  texts: Record<string, string>;
  quantity: number;
  /** The photo boxes that had a photo when "Add" was pressed. */
  photoAreas: string[];
  /** When "Add" was pressed (ms since the epoch). */
  savedAt: number;
}

const isText = (value: unknown, max: number): value is string => typeof value === 'string' && value.length <= max;

/**
 * The stored value for `lineId`, checked field by field (anything may be in storage): null when absent, for another
 * line, older than PENDING_MAX_AGE_MS, or malformed.
 */
export function parsePending(raw: string | null, lineId: string, now: number): PendingPersonalisation | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { lineId: storedLine, texts, quantity, photoAreas, savedAt } = value as Record<string, unknown>;
  if (storedLine !== lineId) return null;
  if (typeof savedAt !== 'number' || !(savedAt <= now && now - savedAt <= PENDING_MAX_AGE_MS)) return null;
  if (typeof texts !== 'object' || texts === null || Array.isArray(texts)) return null;
  const entries = Object.entries(texts);
  if (entries.length > PREVIEW_AREAS_MAX || !entries.every(([area, text]) => isText(area, 40) && isText(text, PREVIEW_TEXT_MAX * 4))) return null;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1 || quantity > MAX_QUANTITY_PER_LINE) return null;
  if (!Array.isArray(photoAreas) || photoAreas.length > PREVIEW_AREAS_MAX || !photoAreas.every((area) => isText(area, 40))) return null;
  return { lineId, texts: Object.fromEntries(entries), quantity, photoAreas, savedAt };
}

/** sessionStorage may be missing or refuse (private modes, full): the add then simply waits in memory. */
function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    return null;
  }
}

export function readPending(lineId: string): PendingPersonalisation | null {
  try {
    return parsePending(storage()?.getItem(KEY) ?? null, lineId, Date.now());
  } catch {
    return null;
  }
}

export function savePending(pending: Omit<PendingPersonalisation, 'savedAt'>): void {
  try {
    storage()?.setItem(KEY, JSON.stringify({ ...pending, savedAt: Date.now() }));
  } catch {
    // Kept in memory only.
  }
}

export function clearPending(): void {
  try {
    storage()?.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
