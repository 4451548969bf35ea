import type { Database } from '@shop/db';
import { brands, categories, personalisationTemplates, products } from '@shop/db';
import type { ProductDetail } from '@shop/domain/catalogue';
import { and, eq } from 'drizzle-orm';
import { published } from './listing.ts';
import { summaryColumns, toIso, toSummary } from './summary.ts';
import { attributeOptions, variantsByProduct } from './variants.ts';

/** One product page: the product with category and brand in one query, then its variants. */
export async function productDetail(db: Database, slug: string): Promise<ProductDetail | null> {
  const [row] = await db
    .select({
      ...summaryColumns,
      description: products.description,
      images: products.images,
      brandId: brands.id,
      brandName: brands.name,
      brandSlug: brands.slug,
      tags: products.tags,
      hsnCode: products.hsnCode,
      gstRate: products.gstRate,
      weightGrams: products.weightGrams,
      unitsSold: products.unitsSold,
      featured: products.featured,
      newArrival: products.newArrival,
      isUnique: products.isUnique,
      onSelling: products.onSelling,
      createdAt: products.createdAt,
      templateBase: personalisationTemplates.baseImage,
      templateAreas: personalisationTemplates.areas,
      templateUpdatedAt: personalisationTemplates.updatedAt,
    })
    .from(products)
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .leftJoin(brands, eq(brands.id, products.brandId))
    .leftJoin(personalisationTemplates, eq(personalisationTemplates.productId, products.id))
    .where(and(published, eq(products.slug, slug)))
    .limit(1);
  if (!row) return null;
  const variants = (await variantsByProduct(db, [row.id])).get(row.id) ?? [];
  return {
    ...toSummary(row),
    hasVariants: variants.length > 0,
    description: row.description,
    images: row.images ?? [],
    brand: row.brandId && row.brandName && row.brandSlug ? { _id: row.brandId, name: row.brandName, slug: row.brandSlug } : null,
    tags: row.tags ?? [],
    hsnCode: row.hsnCode,
    gstRate: row.gstRate,
    weightGrams: row.weightGrams,
    unitsSold: row.unitsSold,
    featured: row.featured,
    newArrival: row.newArrival,
    unique: row.isUnique,
    onSelling: row.onSelling,
    variants,
    attributes: attributeOptions(variants),
    createdAt: toIso(row.createdAt) as string,
    personalisation:
      row.templateBase && row.templateAreas
        ? { baseImage: row.templateBase, areas: row.templateAreas, updatedAt: toIso(row.templateUpdatedAt) as string }
        : null,
  };
}

/** The category of the product with this slug, or null when there is no such (published) product. */
export async function productCategory(db: Database, slug: string): Promise<{ id: string; categoryId: string } | null> {
  const [row] = await db
    .select({ id: products.id, categoryId: products.categoryId })
    .from(products)
    .where(and(published, eq(products.slug, slug)))
    .limit(1);
  return row ?? null;
}
