import { paiseToRupeesText } from '@shop/domain/admin/products';

/**
 * The products CSV (docs/decisions/029): one row per variant, or one row for a product without variants. Columns
 * that describe the product repeat on each of its rows (an import takes them from the first row and refuses a later
 * row that says something else). Money in rupees ("1299.50"), GST in percent ("18"), yes/no for flags, tags
 * separated by "|", attributes as "Colour=Red; Size=M", times in ISO 8601. `images` is written for reference only:
 * an import keeps a product's images (pictures are uploaded on the product's page).
 */
export const csvColumns = [
  'slug',
  'name',
  'category',
  'brand',
  'published',
  'sku',
  'attributes',
  'price',
  'mrp',
  'stock',
  'description',
  'cod',
  'customization_type',
  'media_limit',
  'made_to_order_days',
  'hsn_code',
  'gst_rate',
  'weight_grams',
  'tags',
  'featured',
  'flash_sale_ends_at',
  'new_arrival',
  'unique',
  'on_selling',
  'images',
] as const;
export type CsvColumn = (typeof csvColumns)[number];

/** Columns an import needs; the rest take the product's current value (or the default for a new product). */
export const requiredCsvColumns: CsvColumn[] = ['slug', 'name', 'category', 'price', 'mrp', 'stock'];
/** Columns that belong to a variant row rather than the product. */
export const variantCsvColumns = new Set<CsvColumn>(['sku', 'attributes', 'price', 'mrp', 'stock']);

/** The API's field name (productInputSchema) for each column, so a refusal of a field names its column. */
export const fieldToColumn: Record<string, CsvColumn> = {
  name: 'name',
  slug: 'slug',
  description: 'description',
  categoryId: 'category',
  brandId: 'brand',
  price: 'price',
  mrp: 'mrp',
  stock: 'stock',
  cod: 'cod',
  customizationType: 'customization_type',
  mediaLimit: 'media_limit',
  madeToOrderDays: 'made_to_order_days',
  hsnCode: 'hsn_code',
  gstRate: 'gst_rate',
  weightGrams: 'weight_grams',
  tags: 'tags',
  featured: 'featured',
  flashSaleEndsAt: 'flash_sale_ends_at',
  newArrival: 'new_arrival',
  unique: 'unique',
  onSelling: 'on_selling',
  published: 'published',
  variants: 'sku',
};

export const yesNo = (value: boolean) => (value ? 'yes' : 'no');
export const rupees = (paise: number) => paiseToRupeesText(paise);
/** 1800 basis points -> "18"; 25 -> "0.25". */
export const gstPercent = (basisPoints: number) => paiseToRupeesText(basisPoints);
