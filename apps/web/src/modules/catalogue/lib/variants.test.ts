import { describe, expect, it } from 'vitest';
import type { Variant } from '@shop/domain/catalogue';
import { initialVariant, isAvailable, maxQuantity, stockLevel, variantFor } from './variants';

const v = (sku: string, attributes: Record<string, string>, stock: number, price = 1000): Variant => ({
  _id: sku,
  sku,
  attributes,
  price,
  mrp: price,
  stock,
});

const variants = [
  v('S-RED', { Size: 'S', Colour: 'Red' }, 0),
  v('S-BLUE', { Size: 'S', Colour: 'Blue' }, 4),
  v('M-RED', { Size: 'M', Colour: 'Red' }, 9, 1200),
  v('M-BLUE', { Size: 'M', Colour: 'Blue' }, 0, 1200),
];

describe('initialVariant', () => {
  it('takes the sku from the URL (any case), else the first in stock, else the first', () => {
    expect(initialVariant(variants, 'm-blue')?.sku).toBe('M-BLUE');
    expect(initialVariant(variants, 'nope')?.sku).toBe('S-BLUE');
    expect(initialVariant(variants, undefined)?.sku).toBe('S-BLUE');
    expect(initialVariant([v('A', {}, 0)], undefined)?.sku).toBe('A');
    expect(initialVariant([], undefined)).toBeUndefined();
  });
});

describe('variantFor', () => {
  it('keeps the other attributes when that combination exists', () => {
    expect(variantFor(variants, { Size: 'S', Colour: 'Blue' }, 'Size', 'M')?.sku).toBe('M-BLUE');
  });

  it('prefers an in-stock variant among equally close ones', () => {
    expect(variantFor(variants, {}, 'Size', 'M')?.sku).toBe('M-RED');
  });

  it('falls back to the closest variant with the value when the exact combination does not exist', () => {
    const partial = [v('A', { Size: 'S', Colour: 'Red' }, 3), v('B', { Size: 'L', Colour: 'Green' }, 3)];
    expect(variantFor(partial, { Size: 'S', Colour: 'Red' }, 'Size', 'L')?.sku).toBe('B');
    expect(variantFor(partial, {}, 'Size', 'XL')).toBeUndefined();
  });
});

describe('isAvailable', () => {
  it('is true only when the exact combination is in stock', () => {
    expect(isAvailable(variants, { Size: 'S', Colour: 'Blue' }, 'Colour', 'Red')).toBe(false);
    expect(isAvailable(variants, { Size: 'M', Colour: 'Blue' }, 'Colour', 'Red')).toBe(true);
  });
});

describe('quantity and stock wording', () => {
  it('caps the quantity at 10 and never below 0', () => {
    expect([maxQuantity(0), maxQuantity(3), maxQuantity(40), maxQuantity(-2)]).toEqual([0, 3, 10, 0]);
  });
  it('says out, low (5 or fewer) or in', () => {
    expect([stockLevel(0), stockLevel(1), stockLevel(5), stockLevel(6)]).toEqual(['out', 'low', 'low', 'in']);
  });
});
