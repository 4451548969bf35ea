import { MAX_ORDER_LINES, MAX_QUANTITY_PER_LINE } from '../order-limits.ts';
import type { ShippingRules } from '../pricing.ts';
import type { RefusalCode } from '../refusals/index.ts';
import { withQuantity, type CartItem, type CartLine } from './item.ts';
import { emptyCart, isCashOnDeliveryApplicable, recompute, type CartCoupon, type CartState, type CashOnDeliveryPageState } from './state.ts';

/**
 * The cart's actions (spec §4) as pure functions: each takes a state and returns the next one with every total
 * recomputed. The storefront's store calls them; nothing here touches storage or the network.
 */

/** Spec §8, word for word (the refusal catalogue's `cart_quantity_invalid`, refusals/orders.ts). */
export const CART_QUANTITY_ERROR = "cartQuantity can't be zero or less than zero";
/** Part of a unit (`cart_quantity_not_whole`). */
export const CART_QUANTITY_WHOLE_ERROR = 'cartQuantity must be a whole number';

/** A new line in a cart that already holds as many lines as an order takes (`cart_lines_full`). */
export const cartLinesFullText = (max: number) => `A cart holds at most ${max} different items: place this order first`;
export const CART_LINES_FULL_ERROR = cartLinesFullText(MAX_ORDER_LINES);

type CartQuantityCode = Extract<RefusalCode, 'cart_quantity_invalid' | 'cart_quantity_not_whole' | 'cart_lines_full'>;

const cartErrorText: Record<CartQuantityCode, string> = {
  cart_quantity_invalid: CART_QUANTITY_ERROR,
  cart_quantity_not_whole: CART_QUANTITY_WHOLE_ERROR,
  cart_lines_full: CART_LINES_FULL_ERROR,
};

/**
 * Thrown for a quantity at or below zero, or part of a unit (spec §4 and §8), or a line more than an order takes.
 * Its `code` is the refusal catalogue's, so a screen translates it like any refusal (decision 037).
 */
export class CartQuantityError extends Error {
  readonly code: CartQuantityCode;
  constructor(code: CartQuantityCode = 'cart_quantity_invalid') {
    super(cartErrorText[code]);
    this.name = 'CartQuantityError';
    this.code = code;
  }
}

/**
 * The units of one line an order takes (issue 19): the cart never holds more, so the checkout never meets the API's
 * `quantity_invalid`. Adding past it fills the line up to it (spec §4's "adds to its quantity", within the order's rule).
 */
const capped = (quantity: number) => Math.min(quantity, MAX_QUANTITY_PER_LINE);

/** How many more units of a line the shopper may add: up to the stock last seen and the order's per-line maximum. */
export function unitsLeftFor(state: Pick<CartState, 'items'>, line: { id: string; stock: number }): number {
  const inCart = state.items.find((item) => item.id === line.id)?.quantity ?? 0;
  return Math.max(0, Math.min(line.stock, MAX_QUANTITY_PER_LINE) - inCart);
}

/** Whether a line with this id would be one line too many for an order (issue 19). */
export function isCartFullFor(state: Pick<CartState, 'items'>, id: string): boolean {
  return state.items.length >= MAX_ORDER_LINES && !state.items.some((item) => item.id === id);
}

function checkQuantity(quantity: number): void {
  // `!(q > 0)` also catches NaN, which compares false with everything.
  if (!(quantity > 0)) throw new CartQuantityError();
  if (!Number.isInteger(quantity)) throw new CartQuantityError('cart_quantity_not_whole');
}

/**
 * Spec §4: add a line with a quantity above zero; an existing line (same id) adds to its quantity. A line stops at the
 * order's per-line maximum, and a line past the order's number of lines is refused (`cart_lines_full`).
 */
export function addItemWithQuantity(state: CartState, line: CartLine, quantity: number): CartState {
  checkQuantity(quantity);
  const index = state.items.findIndex((item) => item.id === line.id);
  if (index === -1) {
    if (isCartFullFor(state, line.id)) throw new CartQuantityError('cart_lines_full');
    return recompute(state, [...state.items, withQuantity(line, capped(quantity))]);
  }
  return recompute(
    state,
    state.items.map((item, i) => (i === index ? { ...item, quantity: capped(item.quantity + quantity) } : item)),
  );
}

/** Spec §4: remove one unit (or `quantity` units); the line disappears when its quantity reaches zero. */
export function removeItemOrQuantity(state: CartState, id: string, quantity = 1): CartState {
  checkQuantity(quantity);
  const items = state.items.flatMap((item) => {
    if (item.id !== id) return [item];
    const left = item.quantity - quantity;
    return left > 0 ? [{ ...item, quantity: left }] : [];
  });
  return recompute(state, items);
}

/**
 * Spec §4 "add an item": a whole item with its own quantity (1 when it has none). Ids stay unique, so adding an
 * id the cart already holds adds to that line's quantity, as adding with a quantity does.
 */
export function addItem(state: CartState, item: CartLine & Partial<Pick<CartItem, 'quantity' | 'itemTotal' | 'itemMrp'>>): CartState {
  // Per-line totals are always recomputed from price and quantity, never taken from the caller.
  const { quantity = 1, itemTotal: _itemTotal, itemMrp: _itemMrp, ...line } = item;
  return addItemWithQuantity(state, line, quantity);
}

/** Spec §4 "remove an item": the whole line, whatever its quantity. An unknown id changes nothing but the totals. */
export function removeItem(state: CartState, id: string): CartState {
  return recompute(
    state,
    state.items.filter((item) => item.id !== id),
  );
}

/** The fields of a line that may be updated; its id (product and attributes) is what it is. */
export type CartItemUpdate = Partial<Omit<CartItem, 'id' | 'itemTotal' | 'itemMrp'>>;

/**
 * Spec §4 "update an item": change fields of one line (quantity, fresh price…); its per-line totals follow.
 * A quantity at or below zero is refused like everywhere else (remove the line instead).
 */
export function updateItem(state: CartState, id: string, update: CartItemUpdate): CartState {
  if (update.quantity !== undefined) checkQuantity(update.quantity);
  const quantity = update.quantity === undefined ? {} : { quantity: capped(update.quantity) };
  return recompute(
    state,
    state.items.map((item) => (item.id === id ? { ...item, ...update, ...quantity, id: item.id } : item)),
  );
}

/** Spec §4 "apply coupon": the discount follows the coupon's terms on the current total (null removes it). */
export function applyCoupon(state: CartState, coupon: CartCoupon | null): CartState {
  return recompute({ ...state, coupon: coupon ? { ...coupon, discount: { ...coupon.discount } } : null });
}

/**
 * Spec §4: set the cash-on-delivery flag. It can be on only while no line has cod false; checking it clears the
 * cash-on-delivery page state.
 */
export function setCashOnDelivery(state: CartState, on: boolean): CartState {
  if (!on) return { ...state, isCashOnDelivery: false };
  if (!isCashOnDeliveryApplicable(state.items)) return { ...state, isCashOnDelivery: false };
  return { ...state, isCashOnDelivery: true, cashOnDeliveryPageState: null };
}

/** Spec §4: set the cash-on-delivery page state. */
export function setCashOnDeliveryPageState(state: CartState, pageState: CashOnDeliveryPageState): CartState {
  return { ...state, cashOnDeliveryPageState: pageState };
}

/** Extra data kept with the cart (spec §3 `meta`), merged into what is there; null clears it. */
export function updateCartMeta(state: CartState, meta: Record<string, unknown> | null): CartState {
  return { ...state, meta: meta === null ? null : { ...(state.meta ?? {}), ...meta } };
}

/** The shop's shipping settings (free from, fee); shipping is recomputed with them. */
export function setShippingRules(state: CartState, rules: ShippingRules): CartState {
  return recompute({ ...state, shippingRules: { ...rules } });
}

/** Spec §4: reset to empty. The shop's shipping rules stay: they are not the shopper's. */
export function resetCart(state: CartState): CartState {
  return emptyCart(state.shippingRules);
}
