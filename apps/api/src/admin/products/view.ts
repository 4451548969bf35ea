import { brands, categories, type Database, products, productVariants } from '@shop/db';
import type { AdminProduct, AdminVariant } from '@shop/domain/admin/products';
import { asc, eq, inArray } from 'drizzle-orm';

/** A database or an open transaction. */
export type Reader = Pick<Database, 'select'>;

const toIso = (value: Date | string | null): string | null => (value === null ? null : new Date(value).toISOString());

/** A product's slug, null when absent: the page a change is about to move or remove. */
export async function productSlug(db: Reader, id: string): Promise<string | null> {
  const [row] = await db.select({ slug: products.slug }).from(products).where(eq(products.id, id)).limit(1);
  return row?.slug ?? null;
}

/** One product as the back office edits it (published or not), with its variants in their order; null when absent. */
export async function loadAdminProduct(db: Reader, id: string): Promise<AdminProduct | null> {
  const [row] = await db
    .select({
      product: products,
      categoryName: categories.name,
      categorySlug: categories.slug,
      brandName: brands.name,
      brandSlug: brands.slug,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .where(eq(products.id, id))
    .limit(1);
  if (!row) return null;
  const variants = (await variantsOf(db, [id])).get(id) ?? [];
  const p = row.product;
  return {
    _id: p.id,
    name: p.name,
    slug: p.slug,
    description: p.description,
    images: p.images ?? [],
    category: { _id: p.categoryId, name: row.categoryName, slug: row.categorySlug },
    brand: p.brandId && row.brandName && row.brandSlug ? { _id: p.brandId, name: row.brandName, slug: row.brandSlug } : null,
    price: p.price,
    mrp: p.mrp,
    stock: p.stock,
    cod: p.cod,
    customizationType: p.customizationType ?? null,
    mediaLimit: p.mediaLimit,
    hsnCode: p.hsnCode,
    gstRate: p.gstRate,
    weightGrams: p.weightGrams,
    madeToOrderDays: p.madeToOrderDays,
    lengthCm: p.lengthCm,
    breadthCm: p.breadthCm,
    heightCm: p.heightCm,
    tags: p.tags ?? [],
    featured: p.featured,
    flashSaleEndsAt: toIso(p.flashSaleEndsAt),
    newArrival: p.newArrival,
    unique: p.isUnique,
    onSelling: p.onSelling,
    published: p.published,
    needsProof: p.needsProof,
    ratingAverage: p.ratingAverage,
    ratingCount: p.ratingCount,
    unitsSold: p.unitsSold,
    variants,
    createdAt: toIso(p.createdAt) as string,
    updatedAt: toIso(p.updatedAt) as string,
  };
}

/** The variants of these products, by product, in their position order. */
export async function variantsOf(db: Reader, productIds: string[]): Promise<Map<string, AdminVariant[]>> {
  const byProduct = new Map<string, AdminVariant[]>();
  if (productIds.length === 0) return byProduct;
  const rows = await db
    .select()
    .from(productVariants)
    .where(inArray(productVariants.productId, productIds))
    .orderBy(asc(productVariants.productId), asc(productVariants.position), asc(productVariants.sku));
  for (const v of rows) {
    const list = byProduct.get(v.productId) ?? [];
    list.push({ _id: v.id, sku: v.sku, attributes: v.attributes, price: v.price, mrp: v.mrp, stock: v.stock });
    byProduct.set(v.productId, list);
  }
  return byProduct;
}
