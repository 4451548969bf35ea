import type { AttributeOption } from '@shop/domain/catalogue';
import { getProducts } from '@lib/api/catalogue';
import { LISTING_ATTRIBUTES, pairsOf } from './facet-attributes';

/**
 * The attribute filters worth showing on /shop, which has no facets (a category page reads them from its facets:
 * facet-attributes.ts). Values of one attribute are alternatives in the API, so one cached one-row query per
 * attribute answers whether any product of the listing has one.
 */
export async function attributeFiltersFor(category?: string): Promise<AttributeOption[]> {
  const checks = await Promise.all(
    LISTING_ATTRIBUTES.map(async (attribute) => {
      const page = await getProducts({ category, attr: pairsOf(attribute), limit: 1 }).catch(() => null);
      // If the check itself fails, offer the filter rather than hide it.
      return !page || page.data.length > 0 ? attribute : null;
    }),
  );
  return checks.filter((a): a is AttributeOption => a !== null);
}
