import { brands, categories, type Database, products, productVariants } from '@shop/db';
import { type ProductInput, rollUpVariants } from '@shop/domain/admin/products';
import { and, eq, inArray, ne, notInArray, sql } from 'drizzle-orm';
import { fieldRefusal } from '../../lib/refusal.ts';
import type { AdminProduct } from '@shop/domain/admin/products';

/** An open transaction: every product write runs inside one, with its audit record. */
export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Writes a product and its variants as `input` says (created when `existing` is null), keeping the columns the
 * catalogue reads in step with the variants (schema comments on products.price, stock and attribute_values): with
 * variants, the product's price and mrp are the cheapest variant's and its stock their sum. Checks what only the
 * database knows (category and brand exist, slug and SKUs free) and refuses naming the field. Returns the id.
 */
export async function saveProduct(tx: Tx, input: ProductInput, existing: AdminProduct | null): Promise<string> {
  const [category] = await tx.select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId)).limit(1);
  if (!category) throw fieldRefusal('categoryId', 'category_missing');
  if (input.brandId) {
    const [brand] = await tx.select({ id: brands.id }).from(brands).where(eq(brands.id, input.brandId)).limit(1);
    if (!brand) throw fieldRefusal('brandId', 'brand_missing');
  }
  const slugOwner = await tx
    .select({ id: products.id })
    .from(products)
    .where(existing ? and(eq(products.slug, input.slug), ne(products.id, existing._id)) : eq(products.slug, input.slug))
    .limit(1);
  if (slugOwner.length > 0) throw fieldRefusal('slug', 'product_slug_taken');

  const ownIds = new Set(existing?.variants.map((v) => v._id) ?? []);
  input.variants.forEach((variant, index) => {
    if (variant.id && !ownIds.has(variant.id)) throw fieldRefusal(`variants.${index}.id`, 'variant_not_of_product');
  });
  if (input.variants.length > 0) {
    const skus = input.variants.map((v) => v.sku);
    const taken = await tx
      .select({ sku: productVariants.sku, productId: productVariants.productId })
      .from(productVariants)
      .where(
        sql`upper(${productVariants.sku}) in (${sql.join(
          skus.map((s) => sql`${s.toUpperCase()}`),
          sql`, `,
        )})`,
      );
    for (const row of taken) {
      if (existing && row.productId === existing._id) continue;
      const index = skus.findIndex((s) => s.toUpperCase() === row.sku.toUpperCase());
      throw fieldRefusal(`variants.${index}.sku`, 'sku_taken');
    }
  }

  const rolled = rollUpVariants(input.variants);
  const values = {
    name: input.name,
    slug: input.slug,
    description: input.description,
    categoryId: input.categoryId,
    brandId: input.brandId,
    price: rolled?.price ?? input.price,
    mrp: rolled?.mrp ?? input.mrp,
    stock: rolled?.stock ?? input.stock,
    attributeValues: rolled?.attributeValues ?? [],
    cod: input.cod,
    customizationType: input.customizationType,
    mediaLimit: input.mediaLimit,
    hsnCode: input.hsnCode,
    gstRate: input.gstRate,
    weightGrams: input.weightGrams,
    ...(input.lengthCm === undefined ? {} : { lengthCm: input.lengthCm }),
    ...(input.breadthCm === undefined ? {} : { breadthCm: input.breadthCm }),
    ...(input.heightCm === undefined ? {} : { heightCm: input.heightCm }),
    tags: input.tags,
    featured: input.featured,
    flashSaleEndsAt: input.flashSaleEndsAt ? new Date(input.flashSaleEndsAt) : null,
    newArrival: input.newArrival,
    isUnique: input.unique,
    onSelling: input.onSelling,
    published: input.published,
    // Left out by the client: the product keeps its making time (a new one gets the column's default).
    ...(input.madeToOrderDays === undefined ? {} : { madeToOrderDays: input.madeToOrderDays }),
    // The same for the proof flag (a new product gets the column's default, false).
    ...(input.needsProof === undefined ? {} : { needsProof: input.needsProof }),
  };

  let id: string;
  if (existing) {
    id = existing._id;
    await tx.update(products).set(values).where(eq(products.id, id));
  } else {
    const [row] = await tx.insert(products).values(values).returning({ id: products.id });
    id = row!.id;
  }

  // Variants: those left out go; kept ones (by id) change in place, so carts holding them still find them.
  const keep = input.variants.flatMap((v) => (v.id ? [v.id] : []));
  if (existing) {
    await tx
      .delete(productVariants)
      .where(keep.length > 0 ? and(eq(productVariants.productId, id), notInArray(productVariants.id, keep)) : eq(productVariants.productId, id));
  }
  // Two kept variants may swap SKUs: move the changing ones aside first, so the unique index never sees a clash.
  const before = new Map(existing?.variants.map((v) => [v._id, v.sku]) ?? []);
  const renamed = input.variants.filter((v) => v.id && before.get(v.id) !== v.sku).map((v) => v.id as string);
  if (renamed.length > 0) {
    await tx
      .update(productVariants)
      .set({ sku: sql`'~moving~' || ${productVariants.id}::text` })
      .where(inArray(productVariants.id, renamed));
  }
  for (const [position, variant] of input.variants.entries()) {
    const row = { sku: variant.sku, attributes: variant.attributes, price: variant.price, mrp: variant.mrp, stock: variant.stock, position };
    if (variant.id) await tx.update(productVariants).set(row).where(eq(productVariants.id, variant.id));
    else await tx.insert(productVariants).values({ ...row, productId: id });
  }
  return id;
}
