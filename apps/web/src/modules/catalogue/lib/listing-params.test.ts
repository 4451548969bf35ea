import { describe, expect, it } from 'vitest';
import { activeFilterCount, hasFilters, listingQuery, parseListing, toFilters } from './listing-params';

describe('parseListing', () => {
  it('reads every filter from the query and converts rupees to paise for the API', () => {
    const state = parseListing({
      category: 'keychains',
      brand: 'kaarigar-studio',
      min: '199',
      max: '999',
      attr: ['Colour:Black', 'colour:pink'],
      inStock: '1',
      sort: 'price_desc',
      page: '3',
    });
    expect(state).toEqual({
      category: 'keychains',
      brand: 'kaarigar-studio',
      min: 199,
      max: 999,
      attr: ['colour:black', 'colour:pink'],
      inStock: true,
      sort: 'price_desc',
      page: 3,
    });
    expect(toFilters(state)).toEqual({
      category: 'keychains',
      brand: 'kaarigar-studio',
      minPrice: 19900,
      maxPrice: 99900,
      attr: ['colour:black', 'colour:pink'],
      inStock: true,
      sort: 'price_desc',
      page: 3,
    });
  });

  it('falls back to defaults for malformed values instead of sending them to the API', () => {
    const state = parseListing({
      category: 'Bad Slug',
      brand: '../x',
      min: 'abc',
      max: '-5',
      attr: ['no-colon', ':empty', 'x'.repeat(120) + ':y'],
      inStock: 'maybe',
      sort: 'cheapest',
      page: '-2',
    });
    expect(state).toEqual({ category: undefined, brand: undefined, min: undefined, max: undefined, attr: [], inStock: false, sort: 'newest', page: 1 });
    expect(hasFilters(state)).toBe(false);
  });

  it('swaps a reversed price range, caps huge prices and deep pages', () => {
    const state = parseListing({ min: '900', max: '100', page: '99999' });
    expect([state.min, state.max]).toEqual([100, 900]);
    expect(state.page).toBe(500);
    expect(parseListing({ max: '99999999999' }).max).toBe(21_474_836);
  });

  it('treats empty fields of a submitted form as absent', () => {
    const state = parseListing({ min: '', max: '', brand: '', category: '' });
    expect(hasFilters(state)).toBe(false);
    expect(listingQuery(state)).toBe('');
  });
});

describe('listingQuery', () => {
  it('writes only what differs from the defaults, so links stay short and shareable', () => {
    const state = parseListing({ attr: ['colour:red'], sort: 'discount', min: '100' });
    expect(listingQuery(state)).toBe('?min=100&attr=colour%3Ared&sort=discount');
    expect(listingQuery(state, { page: 2 })).toBe('?min=100&attr=colour%3Ared&sort=discount&page=2');
    expect(listingQuery(parseListing({ page: '4' }), { page: 1 })).toBe('');
  });
});

describe('activeFilterCount', () => {
  it('counts a price range once and each attribute value', () => {
    const state = parseListing({ category: 'lamps', min: '1', max: '2', attr: ['colour:red', 'colour:blue'], inStock: 'true' });
    expect(activeFilterCount(state)).toBe(5);
    expect(activeFilterCount(state, true)).toBe(4);
  });
});
