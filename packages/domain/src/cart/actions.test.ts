import { describe, expect, it } from 'vitest';
import { DEFAULT_SHIPPING_RULES } from '../pricing.ts';
import {
  addItem,
  addItemWithQuantity,
  applyCoupon,
  CART_QUANTITY_ERROR,
  CartQuantityError,
  isCartFullFor,
  removeItem,
  removeItemOrQuantity,
  resetCart,
  setCashOnDelivery,
  setCashOnDeliveryPageState,
  setShippingRules,
  updateCartMeta,
  unitsLeftFor,
  updateItem,
} from './actions.ts';
import { cartLineOf, type CartLine } from './item.ts';
import { emptyCart, isCashOnDeliveryApplicable, type CartState } from './state.ts';

const product = { name: 'Name plate', slug: 'name-plate', image: null, cod: true, stock: 20, product_customization: null };
/** ₹300 (mrp ₹400) */
const plate: CartLine = cartLineOf({ ...product, _id: 'p-plate', price: 30_000, mrp: 40_000 });
/** ₹150 (mrp ₹150), no cash on delivery */
const frame: CartLine = cartLineOf({ ...product, _id: 'p-frame', name: 'Frame', slug: 'frame', price: 15_000, mrp: 15_000, cod: false });
const red: CartLine = cartLineOf(
  { ...product, _id: 'p-cushion', price: 0, mrp: 50_000 },
  { _id: 'v-red', attributes: { Colour: 'Red' }, price: 45_000, mrp: 50_000, stock: 4 },
);

function cartOf(...lines: [CartLine, number][]): CartState {
  return lines.reduce((state, [line, quantity]) => addItemWithQuantity(state, line, quantity), emptyCart());
}

describe('the empty cart', () => {
  it('has every field of spec §3 at zero', () => {
    expect(emptyCart()).toEqual({
      items: [],
      isEmpty: true,
      totalItems: 0,
      totalUniqueItems: 0,
      total: 0,
      totalMrp: 0,
      meta: null,
      shipping: 0,
      coupon: null,
      discount: 0,
      isCashOnDelivery: false,
      cashOnDeliveryPageState: null,
      shippingRules: DEFAULT_SHIPPING_RULES,
    });
  });
});

describe('add item with a quantity', () => {
  it('adds a line and recomputes every total', () => {
    const state = addItemWithQuantity(emptyCart(), plate, 2);
    expect(state.items).toHaveLength(1);
    expect(state.items[0]).toMatchObject({ id: 'p-plate', quantity: 2, itemTotal: 60_000, itemMrp: 80_000 });
    expect(state).toMatchObject({ isEmpty: false, totalItems: 2, totalUniqueItems: 1, total: 60_000, totalMrp: 80_000, shipping: 0 });
  });

  it('adds to the quantity of a line already in the cart', () => {
    const state = addItemWithQuantity(addItemWithQuantity(emptyCart(), plate, 1), plate, 3);
    expect(state.items).toHaveLength(1);
    expect(state.items[0]).toMatchObject({ quantity: 4, itemTotal: 1_20_000 });
    expect(state.totalItems).toBe(4);
  });

  it('keeps two variants of one product as two lines', () => {
    const blue = cartLineOf(
      { ...product, _id: 'p-cushion', price: 0, mrp: 50_000 },
      { _id: 'v-blue', attributes: { Colour: 'Blue' }, price: 48_000, mrp: 50_000, stock: 1 },
    );
    const state = cartOf([red, 1], [blue, 2]);
    expect(state.items.map((item) => item.id)).toEqual(['p-cushion.Red', 'p-cushion.Blue']);
    expect(state).toMatchObject({ totalItems: 3, totalUniqueItems: 2, total: 45_000 + 96_000 });
  });

  it.each([0, -1, Number.NaN])("refuses %s with 'cartQuantity can't be zero or less than zero'", (quantity) => {
    expect(() => addItemWithQuantity(emptyCart(), plate, quantity)).toThrow(new CartQuantityError());
    expect(() => addItemWithQuantity(emptyCart(), plate, quantity)).toThrow("cartQuantity can't be zero or less than zero");
    expect(CART_QUANTITY_ERROR).toBe("cartQuantity can't be zero or less than zero");
    expect(() => addItemWithQuantity(emptyCart(), plate, quantity)).toThrow(expect.objectContaining({ code: 'cart_quantity_invalid' }));
  });

  it('refuses part of a unit', () => {
    expect(() => addItemWithQuantity(emptyCart(), plate, 0.5)).toThrow('cartQuantity must be a whole number');
    expect(() => addItemWithQuantity(emptyCart(), plate, 0.5)).toThrow(expect.objectContaining({ code: 'cart_quantity_not_whole' }));
  });

  it('stops a line at the 10 units an order line takes, and the cart at the 20 lines an order takes (issue 19)', () => {
    expect(addItemWithQuantity(emptyCart(), plate, 12).items[0]?.quantity).toBe(10);
    const eight = cartOf([plate, 8]);
    expect(addItemWithQuantity(eight, plate, 5).items[0]).toMatchObject({ quantity: 10, itemTotal: 3_00_000 });
    expect(updateItem(eight, 'p-plate', { quantity: 50 }).items[0]?.quantity).toBe(10);
    expect(unitsLeftFor(eight, plate)).toBe(2);
    expect(unitsLeftFor(emptyCart(), red)).toBe(4); // the stock last seen is lower
    const lines = Array.from({ length: 20 }, (_, i) => cartLineOf({ ...product, _id: `p-${i}`, price: 100, mrp: 100 }));
    const full = lines.reduce((state, line) => addItemWithQuantity(state, line, 1), emptyCart());
    expect(isCartFullFor(full, plate.id)).toBe(true);
    expect(isCartFullFor(full, 'p-3')).toBe(false);
    expect(() => addItemWithQuantity(full, plate, 1)).toThrow(expect.objectContaining({ code: 'cart_lines_full' }));
    expect(addItemWithQuantity(full, lines[3]!, 1).items).toHaveLength(20);
  });

  it('does not change the state it was given', () => {
    const before = cartOf([plate, 1]);
    const snapshot = structuredClone(before);
    addItemWithQuantity(before, plate, 2);
    expect(before).toEqual(snapshot);
  });
});

describe('remove one unit', () => {
  it('takes one off the quantity', () => {
    const state = removeItemOrQuantity(cartOf([plate, 3]), 'p-plate');
    expect(state.items[0]).toMatchObject({ quantity: 2, itemTotal: 60_000 });
    expect(state.total).toBe(60_000);
  });
  it('removes the line when its quantity reaches zero', () => {
    const state = removeItemOrQuantity(cartOf([plate, 1], [frame, 1]), 'p-plate');
    expect(state.items.map((item) => item.id)).toEqual(['p-frame']);
    expect(state).toMatchObject({ totalItems: 1, total: 15_000 });
    expect(removeItemOrQuantity(state, 'p-frame')).toMatchObject({ isEmpty: true, total: 0, shipping: 0 });
  });
  it('ignores an id the cart does not hold', () => {
    expect(removeItemOrQuantity(cartOf([plate, 1]), 'nope').items).toHaveLength(1);
  });
  it('refuses a quantity at or below zero', () => {
    expect(() => removeItemOrQuantity(cartOf([plate, 1]), 'p-plate', 0)).toThrow(CART_QUANTITY_ERROR);
  });
});

describe('add, remove and update an item', () => {
  it('adds a whole item with its quantity (1 without one), ignoring totals it carries', () => {
    const state = addItem(addItem(emptyCart(), { ...plate, quantity: 2, itemTotal: 1, itemMrp: 1 }), plate);
    expect(state.items[0]).toMatchObject({ quantity: 3, itemTotal: 90_000, itemMrp: 1_20_000 });
  });
  it('refuses an item whose quantity is zero', () => {
    expect(() => addItem(emptyCart(), { ...plate, quantity: 0 })).toThrow(CART_QUANTITY_ERROR);
  });
  it('removes a whole line whatever its quantity', () => {
    const state = removeItem(cartOf([plate, 5], [frame, 1]), 'p-plate');
    expect(state).toMatchObject({ totalItems: 1, totalUniqueItems: 1, total: 15_000 });
  });
  it('updates fields of a line and recomputes its totals', () => {
    const state = updateItem(cartOf([plate, 2]), 'p-plate', { price: 25_000, quantity: 3 });
    expect(state.items[0]).toMatchObject({ id: 'p-plate', price: 25_000, quantity: 3, itemTotal: 75_000 });
    expect(state.total).toBe(75_000);
  });
  it('refuses to update a quantity to zero or less', () => {
    expect(() => updateItem(cartOf([plate, 2]), 'p-plate', { quantity: -1 })).toThrow(CART_QUANTITY_ERROR);
  });
});

describe('shipping', () => {
  it('is ₹150 below ₹499 and free from ₹499 (spec §9)', () => {
    expect(cartOf([plate, 1]).shipping).toBe(15_000); // ₹300
    expect(cartOf([plate, 1], [frame, 1]).shipping).toBe(15_000); // ₹450
    expect(cartOf([plate, 1], [frame, 2]).shipping).toBe(0); // ₹600
  });
  it('is recomputed when a change crosses the threshold', () => {
    const free = cartOf([plate, 2]);
    expect(free.shipping).toBe(0);
    expect(removeItemOrQuantity(free, 'p-plate').shipping).toBe(15_000);
  });
  it("follows the shop's rules", () => {
    const state = setShippingRules(cartOf([plate, 2]), { freeFrom: 99_900, fee: 9_900 });
    expect(state.shipping).toBe(9_900);
    expect(resetCart(state).shippingRules).toEqual({ freeFrom: 99_900, fee: 9_900 });
  });
});

describe('apply coupon', () => {
  const flat100 = { code: 'FLAT100', minimum: 50_000, discount: { type: 'fixed' as const, value: 10_000 } };
  const tenPercent = { code: 'WELCOME10', minimum: 0, discount: { type: 'percent' as const, value: 10 } };

  it('gives the fixed value at or above the minimum and 0 below it, recomputed on every change', () => {
    const state = applyCoupon(cartOf([plate, 2]), flat100);
    expect(state.coupon?.code).toBe('FLAT100');
    expect(state.discount).toBe(10_000);
    expect(removeItemOrQuantity(state, 'p-plate').discount).toBe(0); // ₹300 < ₹500
  });
  it('gives the total times the percent', () => {
    expect(applyCoupon(cartOf([plate, 1], [frame, 1]), tenPercent).discount).toBe(4_500);
  });
  it('is removed with null', () => {
    expect(applyCoupon(applyCoupon(cartOf([plate, 2]), flat100), null)).toMatchObject({ coupon: null, discount: 0 });
  });
});

describe('cash on delivery', () => {
  it('is applicable only when no item has cod false', () => {
    expect(isCashOnDeliveryApplicable(cartOf([plate, 1]).items)).toBe(true);
    expect(isCashOnDeliveryApplicable(cartOf([plate, 1], [frame, 1]).items)).toBe(false);
  });
  it('checking it clears the page state', () => {
    const withPage = setCashOnDeliveryPageState(cartOf([plate, 1]), { step: 'confirm' });
    expect(withPage.cashOnDeliveryPageState).toEqual({ step: 'confirm' });
    const checked = setCashOnDelivery(withPage, true);
    expect(checked).toMatchObject({ isCashOnDelivery: true, cashOnDeliveryPageState: null });
    expect(setCashOnDelivery(checked, false).isCashOnDelivery).toBe(false);
  });
  it('cannot be checked while an item has cod false, and unchecks itself when one is added', () => {
    expect(setCashOnDelivery(cartOf([frame, 1]), true).isCashOnDelivery).toBe(false);
    const checked = setCashOnDelivery(cartOf([plate, 1]), true);
    expect(addItemWithQuantity(checked, frame, 1).isCashOnDelivery).toBe(false);
  });
});

describe('meta and reset', () => {
  it('merges meta and clears it with null', () => {
    const state = updateCartMeta(updateCartMeta(emptyCart(), { note: 'gift' }), { wrap: true });
    expect(state.meta).toEqual({ note: 'gift', wrap: true });
    expect(updateCartMeta(state, null).meta).toBeNull();
  });
  it('reset empties everything', () => {
    const busy = setCashOnDelivery(applyCoupon(cartOf([plate, 2]), { code: 'X', minimum: 0, discount: { type: 'fixed', value: 100 } }), true);
    expect(resetCart(busy)).toEqual(emptyCart());
  });
});
