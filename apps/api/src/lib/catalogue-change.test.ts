import { describe, expect, it } from 'vitest';
import { parseCatalogueChange, PINCODES_CHANGED, productsChanged } from './catalogue-change.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

describe('what a catalogue invalidation says changed (decision 119)', () => {
  it('names products once each, in lower case, and reads them back', () => {
    const changed = productsChanged([id(1).toUpperCase(), id(2), id(1), null]);
    expect(parseCatalogueChange(changed)).toEqual({ kind: 'products', ids: [id(1), id(2)] });
    expect(parseCatalogueChange(PINCODES_CHANGED)).toEqual({ kind: 'pincodes' });
  });

  it('names nothing (anything may have changed) for no products, too many for a NOTIFY, or a payload it does not know', () => {
    expect(productsChanged([])).toBe('');
    expect(productsChanged([null])).toBe('');
    const many = productsChanged(Array.from({ length: 151 }, (_, n) => id(n)));
    expect(many).toBe('');
    expect(productsChanged(Array.from({ length: 150 }, (_, n) => id(n))).length).toBeLessThan(8000);
    for (const changed of ['', 'products:', 'products:not-a-uuid', `products:${id(1)},`, 'stock']) {
      expect(parseCatalogueChange(changed)).toEqual({ kind: 'anything' });
    }
  });
});
