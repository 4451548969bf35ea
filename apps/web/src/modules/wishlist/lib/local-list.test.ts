import { describe, expect, it } from 'vitest';
import { MAX_WISHLIST_ITEMS } from '@shop/domain/refusals/wishlist';
import { parseLocalList, toggledList } from './local-list';

const a = '0b8a3c52-2f7e-4d8e-9a51-3c1f0e7d9b21';
const b = '7d1e2f30-4a5b-4c6d-8e7f-901234567890';
const idAt = (i: number) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`;

describe('the browser wishlist', () => {
  it('reads only product ids, each once, from whatever storage holds', () => {
    expect(parseLocalList(null)).toEqual([]);
    expect(parseLocalList('not json')).toEqual([]);
    expect(parseLocalList('{"a":1}')).toEqual([]);
    expect(parseLocalList(JSON.stringify([a, 'x', 3, a.toUpperCase(), b]))).toEqual([a, b]);
  });

  it('keeps the newest when storage holds more than a list may', () => {
    const many = Array.from({ length: MAX_WISHLIST_ITEMS + 5 }, (_, i) => idAt(i));
    const kept = parseLocalList(JSON.stringify(many));
    expect(kept).toHaveLength(MAX_WISHLIST_ITEMS);
    expect(kept.at(-1)).toBe(idAt(MAX_WISHLIST_ITEMS + 4));
  });

  it('toggles: adds at the end, takes out when there, refuses a new one when full', () => {
    expect(toggledList([a], b)).toEqual([a, b]);
    expect(toggledList([a, b], a)).toEqual([b]);
    const full = Array.from({ length: MAX_WISHLIST_ITEMS }, (_, i) => idAt(i));
    expect(toggledList(full, a)).toBeNull();
    expect(toggledList(full, idAt(3))).toHaveLength(MAX_WISHLIST_ITEMS - 1);
  });
});
