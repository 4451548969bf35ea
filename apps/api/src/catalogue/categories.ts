import type { Database } from '@shop/db';
import { categories, products } from '@shop/db';
import type { Category, Paginated } from '@shop/domain/catalogue';
import { asc, eq, sql } from 'drizzle-orm';
import { pageOf } from '../lib/page.ts';
import type { CatalogueReader } from './reader.ts';

export interface CategoryNode extends Category {
  position: number;
}

/**
 * Every category with its parent and its product count. A category page lists the products of its
 * subcategories too, so productCount counts a category's whole subtree (published products only).
 * Two queries: the categories (tens of rows) and one grouped count.
 */
async function loadCategories(db: Database): Promise<CategoryNode[]> {
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: categories.id,
        name: categories.name,
        slug: categories.slug,
        description: categories.description,
        image: categories.image,
        parentId: categories.parentId,
        position: categories.position,
        featured: categories.featured,
      })
      .from(categories)
      .orderBy(asc(categories.position), asc(categories.name)),
    db
      .select({ categoryId: products.categoryId, count: sql<number>`count(*)::int` })
      .from(products)
      .where(eq(products.published, true))
      .groupBy(products.categoryId),
  ]);
  const own = new Map(counts.map((row) => [row.categoryId, Number(row.count)]));
  const byId = new Map(rows.map((row) => [row.id, row]));
  const children = new Map<string, string[]>();
  for (const row of rows) {
    if (row.parentId && byId.has(row.parentId)) children.set(row.parentId, [...(children.get(row.parentId) ?? []), row.id]);
  }
  const subtreeCount = (id: string, seen: Set<string>): number => {
    if (seen.has(id)) return 0; // a cycle in bad data must not hang the request
    seen.add(id);
    return (own.get(id) ?? 0) + (children.get(id) ?? []).reduce((sum, child) => sum + subtreeCount(child, seen), 0);
  };
  return rows.map((row) => {
    const parent = row.parentId ? byId.get(row.parentId) : undefined;
    return {
      _id: row.id,
      name: row.name,
      slug: row.slug,
      description: row.description,
      image: row.image ?? null,
      parent: parent ? { _id: parent.id, name: parent.name, slug: parent.slug } : null,
      featured: row.featured,
      productCount: subtreeCount(row.id, new Set()),
      position: row.position,
    };
  });
}

/** Every category, remembered for the cache window (tens of rows; the counts read every published product). */
export function allCategories(reader: CatalogueReader): Promise<CategoryNode[]> {
  return reader.memo('categories', () => loadCategories(reader.db));
}

/** A category as the API answers it (its display position is only the list's order). */
export const publicCategory = ({ position: _position, ...category }: CategoryNode): Category => category;

function pageOfCategories(items: CategoryNode[], page: number, limit: number): Paginated<Category> {
  const start = (page - 1) * limit;
  return pageOf(items.slice(start, start + limit).map(publicCategory), items.length, page, limit);
}

export async function categoryList(reader: CatalogueReader, page: number, limit: number): Promise<Paginated<Category>> {
  return pageOfCategories(await allCategories(reader), page, limit);
}

export async function featuredCategories(reader: CatalogueReader, page: number, limit: number): Promise<Paginated<Category>> {
  return pageOfCategories(
    (await allCategories(reader)).filter((category) => category.featured),
    page,
    limit,
  );
}

/**
 * The direct subcategories of a parent given by slug or id; without a parent, every category that has one. Null when
 * no category is that parent.
 */
export async function subcategories(reader: CatalogueReader, parent: string | undefined, page: number, limit: number): Promise<Paginated<Category> | null> {
  const all = await allCategories(reader);
  if (parent === undefined)
    return pageOfCategories(
      all.filter((category) => category.parent !== null),
      page,
      limit,
    );
  const key = parent.toLowerCase();
  const found = all.find((category) => category.slug === parent || category._id === key);
  if (!found) return null;
  return pageOfCategories(
    all.filter((category) => category.parent?._id === found._id),
    page,
    limit,
  );
}

export async function categoryBySlug(reader: CatalogueReader, slug: string): Promise<Category | null> {
  const found = (await allCategories(reader)).find((category) => category.slug === slug);
  return found ? publicCategory(found) : null;
}
