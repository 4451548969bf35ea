import { cartProductSchema, paginatedSchema, productSorts, productSummarySchema } from '@shop/domain/catalogue';
import { z } from 'zod';
import { boolQuery, intQuery, limitQuery, PG_INT_MAX, repeatedQuery, slugSchema, text } from '../../lib/params.ts';

export const MAX_PAGE = 1000;
export const pageQuery = intQuery({ min: 1, max: MAX_PAGE, default: 1 });

export const productPageSchema = paginatedSchema(productSummarySchema);

const attributePair = text({ max: 100 })
  .refine((value) => /^[^:]*\S[^:]*:.*\S.*$/.test(value), {
    message: 'must be name:value, e.g. colour:rose gold',
  })
  .describe('An attribute value as name:value, e.g. colour:rose gold (case does not matter)');

export const listingQuerySchema = z.object({
  category: slugSchema.optional().describe('Category slug; products of its subcategories are included'),
  brand: slugSchema.optional().describe('Brand slug'),
  minPrice: intQuery({ min: 0, max: PG_INT_MAX }).describe('Lowest price in paise (₹1 = 100 paise), inclusive'),
  maxPrice: intQuery({ min: 0, max: PG_INT_MAX }).describe('Highest price in paise, inclusive'),
  attr: repeatedQuery(attributePair, 20).describe(
    'Attribute filter, repeatable. Values of one attribute are alternatives; different attributes must all match.',
  ),
  inStock: boolQuery.describe('true: only products with stock'),
  sort: z.enum(productSorts).default('newest').describe('newest | price_asc | price_desc | popularity | discount'),
  page: pageQuery,
  limit: limitQuery(24),
});

export const railQuerySchema = z.object({
  page: pageQuery,
  limit: limitQuery(12),
});

export const searchQuerySchema = z.object({
  q: text({ max: 100 }).describe('Search words; typos are tolerated (trigram similarity on the name)'),
  page: pageQuery,
  limit: limitQuery(24),
});

export const MAX_CART_IDS = 100;

export const cartBodySchema = z.object({
  productIds: z
    .array(z.string().max(100, { message: 'each id must be at most 100 characters' }), {
      message: 'must be a list of product ids',
    })
    .max(MAX_CART_IDS, { message: `must hold at most ${MAX_CART_IDS} ids` }),
});

export const cartResponseSchema = z.array(cartProductSchema);
