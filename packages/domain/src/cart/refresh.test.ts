import { describe, expect, it } from 'vitest';
import { addItemWithQuantity, removeItem } from './actions.ts';
import { cartLineOf } from './item.ts';
import { cartProductIds, CART_READD_DELAY_MS, dropStaleItems, planCartRefresh, readdFreshItems, type CartRefreshProduct } from './refresh.ts';
import { emptyCart } from './state.ts';

const cushion: CartRefreshProduct = {
  _id: 'p-cushion',
  name: 'Cushion',
  slug: 'cushion',
  image: null,
  price: 50_000,
  mrp: 60_000,
  cod: true,
  stock: 9,
  product_customization: null,
  variants: [
    { _id: 'v-red', attributes: { Colour: 'Red' }, price: 45_000, mrp: 60_000, stock: 4 },
    { _id: 'v-blue', attributes: { Colour: 'Blue' }, price: 47_000, mrp: 60_000, stock: 0 },
  ],
};
const plate: CartRefreshProduct = {
  _id: 'p-plate',
  name: 'Name plate',
  slug: 'name-plate',
  image: { original: '/api/media/plate.webp' },
  price: 30_000,
  mrp: 40_000,
  cod: true,
  stock: 5,
  product_customization: null,
  variants: [],
};

function storedCart() {
  let state = emptyCart();
  state = addItemWithQuantity(state, cartLineOf(cushion, cushion.variants[0]), 2);
  state = addItemWithQuantity(state, cartLineOf(cushion, cushion.variants[1]), 1);
  state = addItemWithQuantity(state, cartLineOf(plate), 3);
  state = addItemWithQuantity(state, cartLineOf({ ...plate, _id: 'p-gone' }), 1);
  return state;
}

describe('the cart refresh', () => {
  it('asks for the distinct parts of the ids before the dot', () => {
    expect(cartProductIds(storedCart().items)).toEqual(['p-cushion', 'p-plate', 'p-gone']);
  });

  it('waits one second before re-adding (spec §9)', () => {
    expect(CART_READD_DELAY_MS).toBe(1000);
  });

  it('drops lines matching nothing and re-adds the others with fresh data and their saved attributes', () => {
    const fresh = { ...plate, price: 35_000, cod: false, name: 'Name plate (oak)' };
    const plan = planCartRefresh(storedCart().items, [cushion, fresh]);
    expect(plan.drop).toEqual(['p-gone']);
    expect(plan.readd.map((line) => line.id)).toEqual(['p-cushion.Red', 'p-cushion.Blue', 'p-plate']);
    expect(plan.readd[2]).toMatchObject({ price: 35_000, cod: false, name: 'Name plate (oak)', attributes: {} });
    expect(plan.readd[0]).toMatchObject({ variantId: 'v-red', attributes: { Colour: 'Red' }, price: 45_000 });
  });

  it('drops a line whose variant is gone, and finds a re-created variant by its attributes', () => {
    const recreated = { ...cushion, variants: [{ _id: 'v-red-2', attributes: { Colour: 'Red' }, price: 44_000, mrp: 60_000, stock: 3 }] };
    const plan = planCartRefresh(storedCart().items, [recreated, plate]);
    expect(plan.drop).toEqual(['p-cushion.Blue', 'p-gone']);
    expect(plan.readd[0]).toMatchObject({ id: 'p-cushion.Red', variantId: 'v-red-2', price: 44_000, stock: 3 });
  });

  it('drops a plain line whose product now needs a variant, and a variant line whose product has none', () => {
    const state = storedCart();
    const plan = planCartRefresh(state.items, [
      { ...cushion, variants: [] },
      { ...plate, variants: cushion.variants },
    ]);
    expect(plan.drop).toEqual(['p-cushion.Red', 'p-cushion.Blue', 'p-plate', 'p-gone']);
    expect(plan.readd).toEqual([]);
  });

  it('matches ids whatever their letter case (the API answers lower-case uuids)', () => {
    const upper = addItemWithQuantity(emptyCart(), cartLineOf({ ...plate, _id: 'P-PLATE' }), 1);
    expect(planCartRefresh(upper.items, [plate]).drop).toEqual([]);
  });

  it('applies in two steps: stale lines go at once, fresh data one second later with the quantities of then', () => {
    const stored = storedCart();
    const plan = planCartRefresh(stored.items, [cushion, { ...plate, price: 20_000 }]);
    const dropped = dropStaleItems(stored, plan);
    expect(dropped.items.map((item) => item.id)).toEqual(['p-cushion.Red', 'p-cushion.Blue', 'p-plate']);
    expect(dropped.total).toBe(2 * 45_000 + 47_000 + 3 * 30_000);

    // Meanwhile the shopper removes the blue cushion and adds another plate.
    const meanwhile = addItemWithQuantity(removeItem(dropped, 'p-cushion.Blue'), cartLineOf(plate), 1);
    const refreshed = readdFreshItems(meanwhile, plan);
    expect(refreshed.items.map((item) => [item.id, item.quantity, item.price])).toEqual([
      ['p-cushion.Red', 2, 45_000],
      ['p-plate', 4, 20_000],
    ]);
    expect(refreshed).toMatchObject({ total: 2 * 45_000 + 4 * 20_000, totalItems: 6, shipping: 0 });
  });

  it('an empty answer empties the cart', () => {
    const stored = storedCart();
    expect(dropStaleItems(stored, planCartRefresh(stored.items, []))).toMatchObject({ isEmpty: true, total: 0 });
  });

  it('leaves alone a line added while the refresh waited for its answer (planned over the lines it asked about)', () => {
    const stored = storedCart();
    const plan = planCartRefresh(stored.items, [cushion, plate]);
    const meanwhile = addItemWithQuantity(stored, cartLineOf({ ...plate, _id: 'p-new', name: 'New gift' }), 1);
    const after = readdFreshItems(dropStaleItems(meanwhile, plan), plan);
    expect(after.items.map((item) => item.id)).toEqual(['p-cushion.Red', 'p-cushion.Blue', 'p-plate', 'p-new']);
  });
});
