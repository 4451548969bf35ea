import type { Database, StoredImage } from '@shop/db';
import { products } from '@shop/db';
import type { CartProduct } from '@shop/domain/catalogue';
import { and, inArray, sql } from 'drizzle-orm';
import { published } from './listing.ts';
import { customisationOf } from './summary.ts';
import { variantsByProduct } from './variants.ts';

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The products a cart holds, for refreshing its lines: two queries (products, then all their variants).
 * Ids that are not uuids cannot exist, so they are dropped before the query (the database would
 * reject them); unknown ids are simply absent from the answer. Answer order follows the request.
 */
export async function cartProducts(db: Database, productIds: string[]): Promise<CartProduct[]> {
  const ids = [...new Set(productIds.map((id) => id.trim().toLowerCase()).filter((id) => uuidPattern.test(id)))];
  if (ids.length === 0) return [];
  const rows = await db
    .select({
      id: products.id,
      cod: products.cod,
      name: products.name,
      slug: products.slug,
      image: sql<StoredImage | null>`${products.images}->0`,
      price: products.price,
      mrp: products.mrp,
      stock: products.stock,
      customizationType: products.customizationType,
      mediaLimit: products.mediaLimit,
    })
    .from(products)
    .where(and(published, inArray(products.id, ids)));
  const variants = await variantsByProduct(
    db,
    rows.map((row) => row.id),
  );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    return [
      {
        _id: row.id,
        cod: row.cod,
        name: row.name,
        slug: row.slug,
        image: row.image ?? null,
        price: row.price,
        mrp: row.mrp,
        stock: row.stock,
        variants: variants.get(row.id) ?? [],
        product_customization: customisationOf(row),
      },
    ];
  });
}
