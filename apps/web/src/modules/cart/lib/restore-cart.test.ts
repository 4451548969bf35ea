import { describe, expect, it } from 'vitest';
import { addItemWithQuantity, applyCoupon, cartLineOf, emptyCart, setCashOnDelivery } from '@shop/domain/cart/index';
import { restoreCart, storedPart } from './restore-cart';

const line = cartLineOf({
  _id: 'p-plate',
  name: 'Name plate',
  slug: 'name-plate',
  image: { original: '/api/media/plate.webp' },
  price: 30_000,
  mrp: 40_000,
  cod: true,
  stock: 5,
  product_customization: { type: 'text', mediaLimit: 1 },
});

describe('restoring the stored cart', () => {
  it('gives back what was stored, with totals recomputed', () => {
    const state = setCashOnDelivery(
      applyCoupon(addItemWithQuantity(emptyCart(), line, 2), { code: 'FLAT100', minimum: 0, discount: { type: 'fixed', value: 10_000 } }),
      true,
    );
    const stored = JSON.parse(JSON.stringify(storedPart(state)));
    expect(stored).not.toHaveProperty('total');
    expect(restoreCart(stored, emptyCart())).toEqual(state);
  });

  it('trusts no total from storage: totals come from the lines', () => {
    const stored = { items: [{ ...line, quantity: 3, itemTotal: 1 }], total: 1 };
    expect(restoreCart(stored, emptyCart())).toMatchObject({ total: 90_000, totalItems: 3, shipping: 0 });
  });

  it('brings a cart stored before the order limits within them: 10 units a line, 20 lines (issue 19)', () => {
    const lines = Array.from({ length: 25 }, (_, i) => ({ ...line, id: `p-${i}`, productId: `p-${i}`, quantity: i === 0 ? 99 : 1 }));
    const restored = restoreCart({ items: lines }, emptyCart());
    expect(restored.items).toHaveLength(20);
    expect(restored.items[0]).toMatchObject({ id: 'p-0', quantity: 10, itemTotal: 3_00_000 });
  });

  it('keeps the current shipping rules', () => {
    const current = { ...emptyCart({ freeFrom: 1_00_000, fee: 5_000 }) };
    expect(restoreCart({ items: [{ ...line, quantity: 1 }] }, current)).toMatchObject({ shipping: 5_000, shippingRules: { freeFrom: 1_00_000, fee: 5_000 } });
  });

  it('leaves out lines that are not well formed and repeated ids', () => {
    const stored = {
      items: [
        { ...line, quantity: 1 },
        { ...line, quantity: 4 },
        { ...line, id: 'p-2', quantity: 0 },
        { ...line, id: 'p-3', price: -5, quantity: 1 },
        { ...line, id: 'p-4', price: '100', quantity: 1 },
        { ...line, id: 'p-5', attributes: { Size: 3 }, quantity: 1 },
        null,
        'junk',
      ],
    };
    expect(restoreCart(stored, emptyCart()).items.map((item) => [item.id, item.quantity])).toEqual([['p-plate', 1]]);
  });

  it('turns anything else into the current (empty) cart', () => {
    for (const junk of [null, undefined, 'cart', 42, [], { items: 'x' }]) expect(restoreCart(junk, emptyCart())).toEqual(emptyCart());
  });

  it('drops a malformed coupon and unchecks cash on delivery when a line has cod false', () => {
    const stored = { items: [{ ...line, cod: false, quantity: 1 }], coupon: { code: 'X', discount: 5 }, isCashOnDelivery: true };
    expect(restoreCart(stored, emptyCart())).toMatchObject({ coupon: null, discount: 0, isCashOnDelivery: false });
  });
});
