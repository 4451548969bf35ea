import { browserApi } from './browser-client';
import { array, boolean, type Checked, guard, nullable, number, object, optional, string } from './shape';

/**
 * The catalogue read the browser makes itself: a product for the quick view (a modal opened from a product card).
 * Checked without zod (the card's page does not load it) on the fields the quick view shows.
 */
const previewImage = object({ original: string, alt: optional(string) });
const productPreview = object({
  slug: string,
  name: string,
  description: string,
  price: number,
  mrp: number,
  inStock: boolean,
  cod: boolean,
  image: nullable(previewImage),
  images: array(previewImage),
  category: object({ name: string }),
  product_customization: nullable(object({ type: string })),
});

type ProductPreview = Checked<typeof productPreview>;

const productPreviewSchema = guard(productPreview);

/** GET /api/product/{slug}. */
export function getProductPreview(slug: string): Promise<ProductPreview> {
  return browserApi(`/api/product/${encodeURIComponent(slug)}`, { schema: productPreviewSchema });
}
