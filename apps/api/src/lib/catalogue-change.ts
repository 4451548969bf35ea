/**
 * What a catalogue invalidation says changed (the response cache's `changed`, sent to every API process as the NOTIFY
 * payload): caches kept beside the response cache (the delivery directory, decision 119) reload only that. '' names
 * nothing: anything may have changed.
 */
export type CatalogueChange = { kind: 'anything' } | { kind: 'pincodes' } | { kind: 'products'; ids: string[] };

/** The pincode directory changed (a serviceability import); nothing else did. */
export const PINCODES_CHANGED = 'pincodes';

const PRODUCTS_PREFIX = 'products:';
/** NOTIFY payloads stop at 8,000 bytes: past this many ids (37 bytes each) the change names nothing instead. */
const MAX_NAMED_PRODUCTS = 150;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Only these products' rows changed (a stock move, one product's save); '' when there are too many to name, or none. */
export function productsChanged(ids: Iterable<string | null>): string {
  const unique = [...new Set([...ids].filter((id) => id !== null).map((id) => id.toLowerCase()))];
  if (unique.length === 0 || unique.length > MAX_NAMED_PRODUCTS) return '';
  return PRODUCTS_PREFIX + unique.join(',');
}

/** Reads a `changed`; anything it does not recognise counts as "anything changed", so nothing is missed. */
export function parseCatalogueChange(changed: string): CatalogueChange {
  if (changed === PINCODES_CHANGED) return { kind: 'pincodes' };
  if (changed.startsWith(PRODUCTS_PREFIX)) {
    const ids = changed.slice(PRODUCTS_PREFIX.length).split(',');
    if (ids.length > 0 && ids.every((id) => UUID.test(id))) return { kind: 'products', ids };
  }
  return { kind: 'anything' };
}
