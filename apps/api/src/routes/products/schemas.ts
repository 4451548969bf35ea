import {
  ATTRIBUTE_FILTERS_MAX,
  CART_ID_MAX_LENGTH,
  CART_MAX_IDS,
  cartProductSchema,
  paginatedSchema,
  productSorts,
  productSummarySchema,
  SEARCH_MAX_LENGTH,
} from '@shop/domain/catalogue';
import { coded } from '@shop/domain/field-errors';
import { z } from 'zod';
import { boolQuery, intQuery, limitQuery, PG_INT_MAX, slugSchema, text } from '../../lib/params.ts';

export const MAX_PAGE = 1000;
export const pageQuery = intQuery({ min: 1, max: MAX_PAGE, default: 1 });

export const productPageSchema = paginatedSchema(productSummarySchema);

const attributePair = text({ max: 100 })
  .refine((value) => /^[^:]*\S[^:]*:.*\S.*$/.test(value), { error: coded('attribute_filter_invalid') })
  .describe('An attribute value as name:value, e.g. colour:rose gold (case does not matter)');

/** `attr` may repeat (`attr=a&attr=b`): always an array afterwards. */
const attributeFilters = z
  .union([attributePair, z.array(attributePair).max(ATTRIBUTE_FILTERS_MAX)], {
    // Neither a string nor an array of at most the maximum: too many when it is a longer array.
    error: (issue) => (Array.isArray(issue.input) && issue.input.length > ATTRIBUTE_FILTERS_MAX ? coded('attribute_filters_too_many') : undefined),
  })
  .transform((value): string[] => (Array.isArray(value) ? value : [value]))
  .optional();

/** The filters, sort and page of a product listing, without the category (a category page names it in its path). */
export const listingFiltersSchema = z.object({
  brand: slugSchema.optional().describe('Brand slug'),
  minPrice: intQuery({ min: 0, max: PG_INT_MAX }).describe('Lowest price in paise (₹1 = 100 paise), inclusive'),
  maxPrice: intQuery({ min: 0, max: PG_INT_MAX }).describe('Highest price in paise, inclusive'),
  attr: attributeFilters.describe('Attribute filter, repeatable. Values of one attribute are alternatives; different attributes must all match.'),
  inStock: boolQuery.describe('true: only products with stock'),
  sort: z
    .enum(productSorts, { error: coded('sort_unknown') })
    .default('newest')
    .describe('newest | price_asc | price_desc | popularity | discount'),
  page: pageQuery,
  limit: limitQuery(24),
});

export const listingQuerySchema = listingFiltersSchema.extend({
  category: slugSchema.optional().describe('Category slug; products of its subcategories are included'),
});

export const railQuerySchema = z.object({
  page: pageQuery,
  limit: limitQuery(12),
});

/** Search words: a missing, blank, too long or control-character text is refused with its own code. */
const searchText = z
  .string({ error: (issue) => (issue.input === undefined ? coded('search_text_required') : undefined) })
  .trim()
  .min(1, { error: coded('search_text_required') })
  .max(SEARCH_MAX_LENGTH, { error: coded('search_text_too_long') })
  .refine((value) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/.test(value), { error: coded('search_text_control_characters') });

export const searchQuerySchema = z.object({
  q: searchText.describe('Search words; one typo is forgiven in words of 4+ letters, two in 8+; synonyms from the shop'),
  page: pageQuery,
  limit: limitQuery(24),
});

export const cartBodySchema = z.object({
  productIds: z
    .array(z.string().max(CART_ID_MAX_LENGTH, { error: coded('cart_id_too_long') }), { error: coded('cart_ids_not_list') })
    .max(CART_MAX_IDS, { error: coded('cart_too_many_ids') }),
});

export const cartResponseSchema = z.array(cartProductSchema);
