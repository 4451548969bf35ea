import { describe, expect, it } from 'vitest';
import { attributeFiltersFromFacets, LISTING_ATTRIBUTES } from './facet-attributes';

const facets = (attributes: { name: string; values: { value: string; count: number }[] }[]) => ({ brands: [], attributes });

describe('attributeFiltersFromFacets', () => {
  it('offers an attribute when a product of the category has one of its values', () => {
    expect(attributeFiltersFromFacets(facets([{ name: 'colour', values: [{ value: 'pink', count: 3 }] }]))).toEqual(LISTING_ATTRIBUTES);
  });

  it('leaves it off when none has (other values, other attributes, or no facets at all)', () => {
    expect(attributeFiltersFromFacets(facets([{ name: 'colour', values: [{ value: 'rose gold', count: 3 }] }]))).toEqual([]);
    expect(attributeFiltersFromFacets(facets([{ name: 'size', values: [{ value: 'black', count: 3 }] }]))).toEqual([]);
    expect(attributeFiltersFromFacets(facets([]))).toEqual([]);
  });

  it('ignores values counted zero', () => {
    expect(attributeFiltersFromFacets(facets([{ name: 'colour', values: [{ value: 'black', count: 0 }] }]))).toEqual([]);
  });
});
