import { cartLineOf, productIdOfItem, withQuantity, type CartItem, type CartLine, type CartProductInput, type CartVariantInput } from './item.ts';
import { recompute, type CartState } from './state.ts';

/**
 * The start-up refresh of a stored cart (spec §4): the ids' parts before the dot are sent to POST
 * /api/products/cart; lines whose product (and variant) came back are re-added one second later with fresh data
 * and the attributes they were saved with; lines matching nothing are removed.
 */

/** Spec §9: the re-add waits one second. */
export const CART_READD_DELAY_MS = 1000;

/** A product as /api/products/cart answers it, with its variants. */
export interface CartRefreshProduct extends CartProductInput {
  variants: CartVariantInput[];
}

interface CartRefreshPlan {
  /** Lines that match nothing the API answered: remove them now. */
  drop: string[];
  /** Lines to re-add with fresh data (same id, same saved attributes), by the id they are stored under. */
  readd: CartLine[];
}

/** The distinct product ids to ask for: each line id's part before the dot. */
export function cartProductIds(items: readonly Pick<CartItem, 'id'>[]): string[] {
  return [...new Set(items.map((item) => productIdOfItem(item.id)))];
}

function sameAttributes(a: Record<string, string>, b: Record<string, string>): boolean {
  const keys = Object.keys(a);
  return keys.length === Object.keys(b).length && keys.every((key) => a[key] === b[key]);
}

/**
 * The variant a stored line stands for: the one with its saved variant id, else (the shop re-created its variants)
 * the one with exactly its saved attributes.
 */
function variantOf(item: CartItem, product: CartRefreshProduct): CartVariantInput | undefined {
  return (
    (item.variantId ? product.variants.find((variant) => variant._id === item.variantId) : undefined) ??
    product.variants.find((variant) => sameAttributes(variant.attributes, item.attributes ?? {}))
  );
}

/**
 * Which stored lines to drop and which to re-add with fresh data. A line matches when its product came back and,
 * for a product with variants, one of them is still the one chosen; a line saved without a variant no longer
 * matches once its product has variants (it could not be ordered), and the other way round.
 */
export function planCartRefresh(items: readonly CartItem[], products: readonly CartRefreshProduct[]): CartRefreshPlan {
  const byId = new Map(products.map((product) => [product._id.toLowerCase(), product]));
  const plan: CartRefreshPlan = { drop: [], readd: [] };
  for (const item of items) {
    const product = byId.get(productIdOfItem(item.id).toLowerCase());
    if (!product) {
      plan.drop.push(item.id);
      continue;
    }
    const saved = item.attributes ?? {};
    if (product.variants.length === 0) {
      if (Object.keys(saved).length > 0) plan.drop.push(item.id);
      else plan.readd.push({ ...cartLineOf(product, null, saved), id: item.id });
      continue;
    }
    const variant = variantOf(item, product);
    if (!variant) plan.drop.push(item.id);
    else plan.readd.push({ ...cartLineOf(product, variant, saved), id: item.id });
  }
  return plan;
}

/** Removes the lines the plan drops. */
export function dropStaleItems(state: CartState, plan: CartRefreshPlan): CartState {
  if (plan.drop.length === 0) return state;
  const drop = new Set(plan.drop);
  return recompute(
    state,
    state.items.filter((item) => !drop.has(item.id)),
  );
}

/**
 * Re-adds the planned lines with their fresh data, in place and with the quantity they have now: a line the shopper
 * removed while the refresh waited stays removed, and units added meanwhile are kept.
 */
export function readdFreshItems(state: CartState, plan: CartRefreshPlan): CartState {
  const fresh = new Map(plan.readd.map((line) => [line.id, line]));
  return recompute(
    state,
    state.items.map((item) => {
      const line = fresh.get(item.id);
      // The shopper's personalisation stays with the line (the shop's data is what refreshes).
      return line ? withQuantity(item.personalisation ? { ...line, personalisation: item.personalisation } : line, item.quantity) : item;
    }),
  );
}
