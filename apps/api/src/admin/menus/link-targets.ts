import { brands, categories, type Database, products } from '@shop/db';
import { linkSlugs, type LinkTargets } from '@shop/domain/admin/catalogue';
import { inArray } from 'drizzle-orm';

type Reader = Pick<Database, 'select'>;

/**
 * What the given links may point at, read from the database: every category and brand slug (tens of rows) and,
 * for /product/<slug> links, just the products named (there are too many to read them all).
 */
export async function loadLinkTargets(db: Reader, paths: readonly string[]): Promise<LinkTargets> {
  const productSlugs = [...new Set(paths.map((path) => linkSlugs(path).product).filter((slug): slug is string => !!slug))];
  const [categoryRows, brandRows, productRows] = await Promise.all([
    db.select({ slug: categories.slug }).from(categories),
    db.select({ slug: brands.slug }).from(brands),
    productSlugs.length > 0 ? db.select({ slug: products.slug }).from(products).where(inArray(products.slug, productSlugs)) : Promise.resolve([]),
  ]);
  return {
    categorySlugs: new Set(categoryRows.map((row) => row.slug)),
    brandSlugs: new Set(brandRows.map((row) => row.slug)),
    productSlugs: new Set(productRows.map((row) => row.slug)),
  };
}
