import { personalisationTemplateSchema } from './gift/personalisation-template.ts';
import { z } from 'zod';

/**
 * The catalogue as the API serves it and the storefront reads it. One schema gives the API its
 * response validation and OpenAPI document, and the storefront its types.
 * Money fields are integer paise.
 */

/**
 * A stored image as the API answers it. What a client may send as one (the back office's categories, brands and
 * slides) is narrower: whole pixel sizes from 1 to 20000 and bounded texts (admin/catalogue.ts, adminImageSchema); this
 * schema stays as wide as what rows already hold, so an old row never fails its own answer.
 */
export const imageSchema = z.object({
  id: z.string(),
  original: z.string(),
  thumbnail: z.string().optional(),
  width: z.number().int(),
  height: z.number().int(),
  alt: z.string().optional(),
});
export type Image = z.infer<typeof imageSchema>;

export interface MenuItem {
  id: string;
  path: string;
  label: string;
  subMenu?: MenuItem[];
}
export const menuItemSchema: z.ZodType<MenuItem> = z.lazy(() =>
  z.object({ id: z.string(), path: z.string(), label: z.string(), subMenu: z.array(menuItemSchema).optional() }),
);

export const siteSettingsSchema = z.object({
  name: z.string(),
  description: z.string(),
  author: z.string(),
  logo: z.string(),
  defaultLanguage: z.string(),
  currencyCode: z.string(),
  tollFreeNumber: z.string(),
  contactEmail: z.string(),
  chatWidgetId: z.string().nullable(),
  analyticsId: z.string().nullable(),
  freeShippingThreshold: z.number().int(),
  shippingFee: z.number().int(),
});
export type SiteSettings = z.infer<typeof siteSettingsSchema>;

/** GET /api/headers: everything the app shell needs in one call. */
export const headersResponseSchema = z.object({
  site: siteSettingsSchema,
  headerMenu: z.array(menuItemSchema),
  mobileMenu: z.array(menuItemSchema),
});
export type HeadersResponse = z.infer<typeof headersResponseSchema>;

export const categoryRefSchema = z.object({ _id: z.string(), name: z.string(), slug: z.string() });
export type CategoryRef = z.infer<typeof categoryRefSchema>;

export const categorySchema = categoryRefSchema.extend({
  description: z.string(),
  image: imageSchema.nullable(),
  parent: categoryRefSchema.nullable(),
  featured: z.boolean(),
  productCount: z.number().int(),
});
export type Category = z.infer<typeof categorySchema>;

export const brandSchema = z.object({ _id: z.string(), name: z.string(), slug: z.string(), image: imageSchema.nullable() });
export type Brand = z.infer<typeof brandSchema>;

export const sliderSchema = z.object({
  _id: z.string(),
  title: z.string(),
  subtitle: z.string(),
  image: imageSchema,
  link: z.string(),
});
export type Slider = z.infer<typeof sliderSchema>;

export const customisationTypeSchema = z.enum(['text', 'image', 'both']);
export const productCustomisationSchema = z.object({
  type: customisationTypeSchema,
  mediaLimit: z.number().int().min(1),
});
export type ProductCustomisation = z.infer<typeof productCustomisationSchema>;

export const variantSchema = z.object({
  _id: z.string(),
  sku: z.string(),
  attributes: z.record(z.string(), z.string()),
  price: z.number().int(),
  mrp: z.number().int(),
  stock: z.number().int(),
});
export type Variant = z.infer<typeof variantSchema>;

/** A product as it appears on a card, in a rail or in search results. */
export const productSummarySchema = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  image: imageSchema.nullable(),
  price: z.number().int(),
  mrp: z.number().int(),
  discountPercent: z.number().int(),
  stock: z.number().int(),
  inStock: z.boolean(),
  cod: z.boolean(),
  product_customization: productCustomisationSchema.nullable(),
  rating: z.object({ average: z.number(), count: z.number().int() }),
  hasVariants: z.boolean(),
  flashSaleEndsAt: z.string().nullable(),
  category: categoryRefSchema,
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

/** Variant options for a picker: each attribute name with its values in display order. */
export const attributeOptionSchema = z.object({ name: z.string(), values: z.array(z.string()) });
export type AttributeOption = z.infer<typeof attributeOptionSchema>;

export const productDetailSchema = productSummarySchema.extend({
  description: z.string(),
  images: z.array(imageSchema),
  brand: z.object({ _id: z.string(), name: z.string(), slug: z.string() }).nullable(),
  tags: z.array(z.string()),
  hsnCode: z.string(),
  gstRate: z.number().int(),
  weightGrams: z.number().int(),
  unitsSold: z.number().int(),
  featured: z.boolean(),
  newArrival: z.boolean(),
  unique: z.boolean(),
  onSelling: z.boolean(),
  variants: z.array(variantSchema),
  attributes: z.array(attributeOptionSchema),
  createdAt: z.string(),
  /** Issue 24: the live preview's template of a personalised product (decision 107); null or absent without one. */
  personalisation: personalisationTemplateSchema.nullable().optional(),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** POST /api/products/cart: what the cart needs to refresh its lines (spec §7). */
export const cartProductSchema = z.object({
  _id: z.string(),
  cod: z.boolean(),
  name: z.string(),
  slug: z.string(),
  image: imageSchema.nullable(),
  price: z.number().int(),
  mrp: z.number().int(),
  stock: z.number().int(),
  variants: z.array(variantSchema),
  product_customization: productCustomisationSchema.nullable(),
});
export type CartProduct = z.infer<typeof cartProductSchema>;

/**
 * Lists count their matches up to this many; a `total` at the cap is a lower bound ("1,000+"), because
 * counting every match of a broad list costs more than the page (docs/decisions/011).
 */
export const LIST_TOTAL_CAP = 1_000;

/**
 * A search ranks at most this many of its matches (ten pages of 24): ranking reads every row it orders, so a broad
 * word on a big catalogue must not cost more than a narrow one. A search's `total` at this number is a lower bound
 * ("240+"); below it, exact (docs/decisions/092).
 */
export const SEARCH_RESULT_CAP = 240;

export function paginatedSchema<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
    hasMore: z.boolean(),
  });
}
export interface Paginated<T> {
  data: T[];
  total: number;
  page: number;
  limit: number;
  hasMore: boolean;
}

export const productSorts = ['newest', 'price_asc', 'price_desc', 'popularity', 'discount'] as const;
export type ProductSort = (typeof productSorts)[number];

/** Longest search text the API accepts (characters). */
export const SEARCH_MAX_LENGTH = 100;
/** Most `attr` filters one listing request may carry. */
export const ATTRIBUTE_FILTERS_MAX = 20;
/** Most product ids one cart refresh may name, and the longest id it accepts. */
export const CART_MAX_IDS = 100;
export const CART_ID_MAX_LENGTH = 100;

/** A facet value with the number of the category's published products that have it. */
export const facetCountSchema = z.object({ value: z.string(), count: z.number().int() });
export type FacetCount = z.infer<typeof facetCountSchema>;

/**
 * Filter options of a category page with their counts (docs/decisions/038): the brands and attribute values of the
 * category's published products, subcategories included. Counted over the whole category, not narrowed by the filters
 * chosen, so an option does not vanish once another is picked. Attribute names and values are lower case, as the
 * `attr` filter takes them.
 */
export const categoryFacetsSchema = z.object({
  brands: z.array(z.object({ _id: z.string(), name: z.string(), slug: z.string(), count: z.number().int() })),
  attributes: z.array(z.object({ name: z.string(), values: z.array(facetCountSchema) })),
});
export type CategoryFacets = z.infer<typeof categoryFacetsSchema>;

/**
 * GET /api/category/{slug}/page: everything a category page shows, in one answer (docs/decisions/038). `breadcrumb`
 * runs from the top-level category down to this one (itself last).
 */
export const categoryPageSchema = z.object({
  category: categorySchema,
  breadcrumb: z.array(categoryRefSchema),
  subcategories: z.array(categorySchema),
  products: paginatedSchema(productSummarySchema),
  facets: categoryFacetsSchema,
});
export type CategoryPage = z.infer<typeof categoryPageSchema>;
