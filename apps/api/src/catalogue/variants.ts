import type { Database } from '@shop/db';
import { productVariants } from '@shop/db';
import type { AttributeOption, Variant } from '@shop/domain/catalogue';
import { asc, inArray } from 'drizzle-orm';

/** Variants of several products in one query, grouped by product id, in display order. */
export async function variantsByProduct(db: Database, productIds: string[]): Promise<Map<string, Variant[]>> {
  const grouped = new Map<string, Variant[]>();
  if (productIds.length === 0) return grouped;
  const rows = await db
    .select({
      id: productVariants.id,
      productId: productVariants.productId,
      sku: productVariants.sku,
      attributes: productVariants.attributes,
      price: productVariants.price,
      mrp: productVariants.mrp,
      stock: productVariants.stock,
    })
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.sku));
  for (const row of rows) {
    const list = grouped.get(row.productId) ?? [];
    list.push({ _id: row.id, sku: row.sku, attributes: row.attributes ?? {}, price: row.price, mrp: row.mrp, stock: row.stock });
    grouped.set(row.productId, list);
  }
  return grouped;
}

/**
 * Options for a variant picker: attribute names alphabetically (jsonb does not keep key order, so
 * "first appearance" would not be stable), each with its values in variant display order.
 */
export function attributeOptions(variants: Variant[]): AttributeOption[] {
  const options = new Map<string, string[]>();
  for (const variant of variants) {
    for (const [name, value] of Object.entries(variant.attributes)) {
      const values = options.get(name) ?? [];
      if (!values.includes(value)) values.push(value);
      options.set(name, values);
    }
  }
  return [...options].sort(([a], [b]) => a.localeCompare(b, 'en')).map(([name, values]) => ({ name, values }));
}
