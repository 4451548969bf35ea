import 'server-only';
import { updateTag } from 'next/cache';

/**
 * Expires the storefront's cached reads that show these products (tags of lib/api/catalogue.ts): every product list
 * ('products'), each product page, and each category page the product was or is now in. updateTag, not
 * revalidateTag(tag, 'max'): in Next 16 the latter serves the stale page once more while it refetches, and staff
 * who save a product and open the shop expect to see the change (read-your-own-writes). Server actions only.
 */
export function revalidateProducts(products: { slug: string; categorySlug?: string }[]): void {
  const tags = new Set<string>(['products']);
  for (const product of products) {
    tags.add(`product:${product.slug}`);
    if (product.categorySlug) tags.add(`category:${product.categorySlug}`);
  }
  for (const tag of tags) updateTag(tag);
}
