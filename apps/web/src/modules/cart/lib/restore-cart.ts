import { withQuantity, type CartItem, type CartItemCustomisation, type CartPersonalisation } from '@shop/domain/cart/item';
import { MAX_ORDER_LINES, MAX_QUANTITY_PER_LINE } from '@shop/domain/order-limits';
import { emptyCart, recompute, type CartCoupon, type CartState } from '@shop/domain/cart/state';

/**
 * What the cart keeps in local storage: the shopper's choices only. Totals are recomputed on load and the shipping
 * rules come from the shop's settings, so a stale or edited copy cannot set a price the totals trust; the start-up
 * refresh then replaces every line's data with the shop's.
 */
type StoredCart = Pick<CartState, 'items' | 'coupon' | 'meta' | 'isCashOnDelivery' | 'cashOnDeliveryPageState'>;

export function storedPart(state: CartState): StoredCart {
  const { items, coupon, meta, isCashOnDelivery, cashOnDeliveryPageState } = state;
  return { items, coupon, meta, isCashOnDelivery, cashOnDeliveryPageState };
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);
const isString = (value: unknown): value is string => typeof value === 'string';
const isMoney = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

function customisationOf(value: unknown): CartItemCustomisation | null {
  if (!isObject(value)) return null;
  const { type, mediaLimit } = value;
  if ((type !== 'text' && type !== 'image' && type !== 'both') || !Number.isInteger(mediaLimit)) return null;
  return { type, mediaLimit: mediaLimit as number };
}

function attributesOf(value: unknown): Record<string, string> | null {
  if (!isObject(value)) return null;
  const entries = Object.entries(value);
  return entries.every(([, v]) => isString(v)) ? (Object.fromEntries(entries) as Record<string, string>) : null;
}

function stringsOf(value: unknown): Record<string, string> | null {
  if (!isObject(value)) return null;
  const entries = Object.entries(value);
  return entries.every(([, v]) => isString(v)) ? (Object.fromEntries(entries) as Record<string, string>) : null;
}

/** A stored line's live-preview values (issue 24), kept only when well formed; the API checks them again. */
function personalisationOf(value: unknown): { personalisation?: CartPersonalisation } {
  if (!isObject(value) || !isString(value.previewId)) return {};
  const texts = stringsOf(value.texts);
  const photos = stringsOf(value.photos ?? {});
  return texts && photos ? { personalisation: { texts, photos, previewId: value.previewId } } : {};
}

/** One stored line, or null when it is not a line this cart could have written. */
function itemOf(value: unknown): CartItem | null {
  if (!isObject(value)) return null;
  const { id, productId, variantId, name, slug, image, price, mrp, quantity, cod, stock } = value;
  const attributes = attributesOf(value.attributes ?? {});
  if (!isString(id) || id === '' || !isString(name) || !isString(slug) || !attributes) return null;
  if (!isMoney(price) || !isMoney(mrp) || !Number.isSafeInteger(quantity) || (quantity as number) <= 0) return null;
  return withQuantity(
    {
      id,
      productId: isString(productId) ? productId : id.split('.')[0]!,
      variantId: isString(variantId) ? variantId : null,
      name,
      slug,
      image: isString(image) ? image : null,
      price,
      mrp,
      attributes,
      cod: cod !== false,
      stock: Number.isSafeInteger(stock) ? (stock as number) : 0,
      product_customization: customisationOf(value.product_customization),
      ...personalisationOf(value.personalisation),
    },
    // A cart stored before the order limits (issue 19) comes back within them.
    Math.min(quantity as number, MAX_QUANTITY_PER_LINE),
  );
}

function couponOf(value: unknown): CartCoupon | null {
  if (!isObject(value) || !isString(value.code) || !isMoney(value.minimum) || !isObject(value.discount)) return null;
  const { type, value: amount } = value.discount;
  if ((type !== 'fixed' && type !== 'percent') || typeof amount !== 'number' || !(amount >= 0)) return null;
  return { code: value.code, minimum: value.minimum, discount: { type, value: amount } };
}

/**
 * zustand's `merge` for the persisted cart: the stored JSON (anything, since a shopper or an older version may have
 * written it) read into the current state. Lines that are not well formed are left out, as are duplicate ids.
 */
export function restoreCart(stored: unknown, current: CartState): CartState {
  if (!isObject(stored)) return current;
  const seen = new Set<string>();
  const items = (Array.isArray(stored.items) ? stored.items : []).flatMap((value) => {
    const item = itemOf(value);
    if (!item || seen.has(item.id) || seen.size >= MAX_ORDER_LINES) return [];
    seen.add(item.id);
    return [item];
  });
  return recompute(
    {
      ...emptyCart(current.shippingRules),
      coupon: couponOf(stored.coupon),
      meta: isObject(stored.meta) ? stored.meta : null,
      isCashOnDelivery: stored.isCashOnDelivery === true,
      cashOnDeliveryPageState: isObject(stored.cashOnDeliveryPageState) ? stored.cashOnDeliveryPageState : null,
    },
    items,
  );
}
