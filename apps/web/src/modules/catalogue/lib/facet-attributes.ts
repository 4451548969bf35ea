import type { AttributeOption, CategoryFacets } from '@shop/domain/catalogue';

/**
 * Attribute filters offered on listings. The API filters on any "name:value" pair; the storefront offers the
 * attribute that spans most of the catalogue (colour) with its common values, in these display names.
 */
export const LISTING_ATTRIBUTES: AttributeOption[] = [{ name: 'Colour', values: ['Black', 'White', 'Pink', 'Red', 'Blue', 'Brown', 'Beige'] }];

/**
 * The catalogue.filters message that heads each offered attribute in the visitor's language. The attribute's name is
 * the API's filter key and stays English; its values are the products' own data and are shown as they are.
 */
export const ATTRIBUTE_HEADINGS: Record<string, 'colour'> = { Colour: 'colour' };

/** An attribute's values as the API's `attr` filter and its facets spell them ("colour:black"). */
export const pairsOf = (attribute: AttributeOption): string[] => attribute.values.map((value) => `${attribute.name}:${value}`.toLowerCase());

/**
 * The attribute filters worth showing on a category page, from its facets: an attribute is offered only when at
 * least one product there has one of its values. Keeps "Colour" off pages such as keychains.
 */
export function attributeFiltersFromFacets(facets: CategoryFacets, offered: AttributeOption[] = LISTING_ATTRIBUTES): AttributeOption[] {
  const present = new Set(
    facets.attributes.flatMap((attribute) => attribute.values.filter((v) => v.count > 0).map((v) => `${attribute.name}:${v.value}`.toLowerCase())),
  );
  return offered.filter((attribute) => pairsOf(attribute).some((pair) => present.has(pair)));
}
