import { ATTRIBUTE_FILTERS_MAX, CART_ID_MAX_LENGTH, CART_MAX_IDS, productSorts, SEARCH_MAX_LENGTH } from '../catalogue.ts';
import { defineRefusals } from './define.ts';

/**
 * Refusals of the catalogue area (decision 037): what a shopper's browsing can ask for that does not exist, and the
 * catalogue's own query parameters that break a rule. (Page, limit, price and slug checks are shared by every list of
 * the API and answer `invalid_value` with their own text.)
 */
export const catalogueRefusals = defineRefusals({
  product_not_found: { status: 404, message: () => 'Product not found' },
  category_not_found: { status: 404, message: () => 'Category not found' },
  site_settings_not_found: { status: 404, message: () => 'Site settings not found' },
  sort_unknown: {
    status: 400,
    message: (p: { sorts: string }) => `must be one of: ${p.sorts}`,
    fixed: { sorts: productSorts.join(', ') },
  },
  attribute_filter_invalid: { status: 400, message: () => 'must be name:value, e.g. colour:rose gold' },
  attribute_filters_too_many: {
    status: 400,
    message: (p: { max: number }) => `must be given at most ${p.max} times`,
    fixed: { max: ATTRIBUTE_FILTERS_MAX },
  },
  category_reference_invalid: { status: 400, message: () => 'must be a category slug or id' },
  search_text_required: { status: 400, message: () => 'must not be empty' },
  search_text_too_long: {
    status: 400,
    message: (p: { max: number }) => `must be at most ${p.max} characters`,
    fixed: { max: SEARCH_MAX_LENGTH },
  },
  search_text_control_characters: { status: 400, message: () => 'must not contain control characters' },
  cart_ids_not_list: { status: 400, message: () => 'must be a list of product ids' },
  cart_id_too_long: {
    status: 400,
    message: (p: { max: number }) => `each id must be at most ${p.max} characters`,
    fixed: { max: CART_ID_MAX_LENGTH },
  },
  cart_too_many_ids: {
    status: 400,
    message: (p: { max: number }) => `must hold at most ${p.max} ids`,
    fixed: { max: CART_MAX_IDS },
  },
});
