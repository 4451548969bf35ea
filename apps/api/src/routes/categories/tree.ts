import type { Database } from '@shop/db';
import { categories, products } from '@shop/db';
import type { Category } from '@shop/domain/catalogue';
import { asc, eq, sql } from 'drizzle-orm';

export interface CategoryNode extends Category {
  position: number;
}

/**
 * Every category with its parent and its product count. A category page lists the products of its
 * subcategories too, so productCount counts a category's whole subtree (published products only).
 * Two queries: the categories (tens of rows) and one grouped count.
 */
export async function loadCategories(db: Database): Promise<CategoryNode[]> {
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

export function pageOf<T>(items: T[], page: number, limit: number) {
  const start = (page - 1) * limit;
  const data = items.slice(start, start + limit);
  return { data, total: items.length, page, limit, hasMore: start + data.length < items.length };
}
