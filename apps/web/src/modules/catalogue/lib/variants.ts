import type { Variant } from '@shop/domain/catalogue';
import { MAX_QUANTITY_PER_LINE } from '@shop/domain/order-limits';

/**
 * Variant choice on the product page. Pure functions, shared by the server (initial render from
 * ?variant=) and the picker in the browser. Pure TypeScript with type-only imports (and the order limits'
 * plain numbers), so the client bundle does not pull in the zod schemas.
 */

export type Selection = Record<string, string>;

/** The variant named in the URL (by sku), else the first one in stock, else the first one. */
export function initialVariant(variants: Variant[], sku: string | undefined): Variant | undefined {
  return (sku ? variants.find((v) => v.sku.toLowerCase() === sku.toLowerCase()) : undefined) ?? variants.find((v) => v.stock > 0) ?? variants[0];
}

function matches(variant: Variant, selection: Selection): number {
  let n = 0;
  for (const [name, value] of Object.entries(selection)) if (variant.attributes[name] === value) n++;
  return n;
}

/**
 * The variant a shopper reaches by choosing `value` for `name` while keeping the rest of the current
 * choice where possible: an exact match first, else the closest in-stock one that has the value.
 */
export function variantFor(variants: Variant[], current: Selection, name: string, value: string): Variant | undefined {
  const wanted = { ...current, [name]: value };
  const candidates = variants.filter((v) => v.attributes[name] === value);
  let best: Variant | undefined;
  let bestScore = -1;
  for (const v of candidates) {
    // Matching the other attributes counts most; being in stock breaks ties.
    const score = matches(v, wanted) * 2 + (v.stock > 0 ? 1 : 0);
    if (score > bestScore) {
      best = v;
      bestScore = score;
    }
  }
  return best;
}

/** Whether the exact combination (current choice with `name` set to `value`) exists and is in stock. */
export function isAvailable(variants: Variant[], current: Selection, name: string, value: string): boolean {
  const wanted = { ...current, [name]: value };
  const keys = Object.keys(wanted);
  return variants.some((v) => v.stock > 0 && keys.every((k) => v.attributes[k] === wanted[k]));
}

/** Largest quantity a shopper may pick: the stock, capped at what one order line takes (MAX_QUANTITY_PER_LINE, 10). */
export function maxQuantity(stock: number): number {
  return Math.max(0, Math.min(stock, MAX_QUANTITY_PER_LINE));
}

/** Stock wording: out, low ("only N left", at 5 or fewer) or in stock. */
export function stockLevel(stock: number): 'out' | 'low' | 'in' {
  if (stock <= 0) return 'out';
  return stock <= 5 ? 'low' : 'in';
}
