/**
 * The back office's fixed numbers and lists, in a file that imports nothing: the refusal catalogue
 * (../refusals/admin.ts) names them in its texts, and the schemas that use them import that catalogue.
 */

export const MEDIA_LIMIT_MAX = 10;
export const MAX_VARIANTS = 100;
export const MAX_PRODUCT_IMAGES = 12;
export const MAX_PRODUCT_TAGS = 30;
/** Most data rows one CSV import takes (decision 029). */
export const MAX_IMPORT_ROWS = 2_000;

export const MENU_MAX_TOP = 12;
export const MENU_MAX_SUB = 30;

/**
 * An image sent back with a category, brand or slide: no real picture is wider or taller than this (uploads are
 * re-encoded to at most 1600 px), and its paths are short media URLs.
 */
export const MAX_IMAGE_SIDE = 20_000;
export const MAX_IMAGE_PATH = 500;

export const ERROR_LOG_MAX_AGE_DAYS = 3_650;
export const MAX_ADMIN_ORDERS_PAGE_SIZE = 100;

export const productStockFilters = ['low', 'out', 'in'] as const;
export const productCustomisationFilters = ['none', 'any', 'text', 'image', 'both'] as const;
export const productFlagFilters = ['featured', 'flash_sale', 'new_arrival', 'unique', 'on_selling', 'no_cod'] as const;
export const adminProductSorts = ['updated', 'newest', 'name', 'price_asc', 'price_desc', 'stock_asc'] as const;
