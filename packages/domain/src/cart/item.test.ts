import { describe, expect, it } from 'vitest';
import { attributesLabel, cartItemId, cartItemName, cartLineOf, productIdOfItem, sellingPrice, withQuantity, type CartProductInput } from './item.ts';

const lamp: CartProductInput = {
  _id: '0b6c2a52-6a8e-4c1e-9a39-5b0f3f1d2c11',
  name: 'Moon lamp',
  slug: 'moon-lamp',
  image: { original: '/api/media/moon.webp' },
  price: 79_900,
  mrp: 99_900,
  cod: true,
  stock: 7,
  product_customization: { type: 'text', mediaLimit: 1 },
};

describe('cart item ids', () => {
  it('is the product _id without attributes', () => {
    expect(cartItemId(lamp._id)).toBe(lamp._id);
    expect(cartItemId(lamp._id, {})).toBe(lamp._id);
  });
  it("joins the _id with the chosen attribute values by '.'", () => {
    expect(cartItemId('p1', { Colour: 'Red', Size: 'M' })).toBe('p1.Red.M');
  });
  it('gives back the product part: everything before the first dot', () => {
    expect(productIdOfItem('p1.Red.M')).toBe('p1');
    expect(productIdOfItem('p1.2.5 inch')).toBe('p1');
    expect(productIdOfItem('p1')).toBe('p1');
  });
});

describe('cart lines', () => {
  it('takes the price, else the mrp', () => {
    expect(sellingPrice(79_900, 99_900)).toBe(79_900);
    expect(sellingPrice(0, 99_900)).toBe(99_900);
  });

  it('is made from a product without variants', () => {
    expect(cartLineOf(lamp)).toEqual({
      id: lamp._id,
      productId: lamp._id,
      variantId: null,
      name: 'Moon lamp',
      slug: 'moon-lamp',
      image: '/api/media/moon.webp',
      price: 79_900,
      mrp: 99_900,
      attributes: {},
      cod: true,
      stock: 7,
      product_customization: { type: 'text', mediaLimit: 1 },
    });
  });

  it("takes a variant's id, attributes, price, mrp and stock", () => {
    const variant = { _id: 'v-red', attributes: { Colour: 'Red', Size: 'M' }, price: 0, mrp: 1_29_900, stock: 2 };
    const line = cartLineOf({ ...lamp, image: null }, variant);
    expect(line).toMatchObject({
      id: `${lamp._id}.Red.M`,
      productId: lamp._id,
      variantId: 'v-red',
      image: null,
      price: 1_29_900,
      mrp: 1_29_900,
      attributes: { Colour: 'Red', Size: 'M' },
      stock: 2,
    });
  });

  it('keeps given attributes over the variant’s (a refreshed line keeps the attributes it was saved with)', () => {
    const variant = { _id: 'v-red', attributes: { Colour: 'Red' }, price: 100, mrp: 100, stock: 1 };
    expect(cartLineOf(lamp, variant, { Colour: 'Red' }).id).toBe(`${lamp._id}.Red`);
  });

  it('computes itemTotal (price × quantity) and itemMrp (mrp × quantity)', () => {
    const item = withQuantity(cartLineOf(lamp), 3);
    expect(item.quantity).toBe(3);
    expect(item.itemTotal).toBe(2_39_700);
    expect(item.itemMrp).toBe(2_99_700);
  });

  it('shows attributes comma-joined', () => {
    expect(attributesLabel({ Colour: 'Red', Size: 'M' })).toBe('Red, M');
    expect(attributesLabel({})).toBe('');
  });

  it('names a line with its attributes after the name', () => {
    expect(cartItemName({ name: 'Cushion', attributes: { Colour: 'Red', Size: 'M' } })).toBe('Cushion - Red, M');
    expect(cartItemName({ name: 'Moon lamp', attributes: {} })).toBe('Moon lamp');
  });
});
