import type { AttributeOption } from '@shop/domain/catalogue';

/**
 * Attribute filters offered on listings. The API filters on any "name:value" pair, but it has no
 * facet endpoint yet, so the storefront offers the one attribute that spans most of the catalogue
 * (colour) with its common values; a facet call can replace this list without touching the form.
 */
export const LISTING_ATTRIBUTES: AttributeOption[] = [
  { name: 'Colour', values: ['Black', 'White', 'Pink', 'Red', 'Blue', 'Brown', 'Beige'] },
];
