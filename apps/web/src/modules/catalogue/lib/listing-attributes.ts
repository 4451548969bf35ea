import type { AttributeOption } from '@shop/domain/catalogue';
import { getProducts } from '@lib/api/catalogue';

/**
 * Attribute filters offered on listings. The API filters on any "name:value" pair but has no facet
 * endpoint yet, so the storefront offers the attribute that spans most of the catalogue (colour) with
 * its common values; a facet call can replace this list without touching the form.
 */
export const LISTING_ATTRIBUTES: AttributeOption[] = [
  { name: 'Colour', values: ['Black', 'White', 'Pink', 'Red', 'Blue', 'Brown', 'Beige'] },
];

/**
 * The attribute filters worth showing for a listing: an attribute is offered only when at least one
 * product there has one of its values (values of one attribute are alternatives in the API, so one
 * cached one-row query per attribute answers that). Keeps "Colour" off pages such as keychains.
 */
export async function attributeFiltersFor(category?: string): Promise<AttributeOption[]> {
  const checks = await Promise.all(
    LISTING_ATTRIBUTES.map(async (attribute) => {
      const attr = attribute.values.map((value) => `${attribute.name}:${value}`.toLowerCase());
      const page = await getProducts({ category, attr, limit: 1 }).catch(() => null);
      // If the check itself fails, offer the filter rather than hide it.
      return !page || page.data.length > 0 ? attribute : null;
    }),
  );
  return checks.filter((a): a is AttributeOption => a !== null);
}
