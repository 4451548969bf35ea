import type { Database } from '@shop/db';
import { brands, products } from '@shop/db';
import type { CategoryFacets, CategoryPage, CategoryRef } from '@shop/domain/catalogue';
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../lib/rows.ts';
import { allCategories, type CategoryNode, publicCategory } from './categories.ts';
import { categorySortOrders, emptyPage, filterCondition, type ListingQuery, pageOfProducts, published } from './listing.ts';
import type { CatalogueReader } from './reader.ts';

/** At most this many values per attribute are offered, the most common first (a long tail is no filter). */
const FACET_VALUES_MAX = 50;

/**
 * GET /api/category/{slug}/page: what a category page shows, in one answer (docs/decisions/038): the category, its
 * breadcrumb, its direct subcategories, one page of its products (subcategories included) and its facets. Null when no
 * category has the slug.
 *
 * The category tree comes from the remembered category list (allCategories), so the category, its breadcrumb and its
 * subtree cost no query of their own; the products page and the facets are then read side by side. The facets depend
 * only on the category, not on the filters chosen, so they are remembered per category for the cache window.
 */
export async function categoryPage(reader: CatalogueReader, slug: string, query: Omit<ListingQuery, 'category'>): Promise<CategoryPage | null> {
  const all = await allCategories(reader);
  const node = all.find((category) => category.slug === slug);
  if (!node) return null;
  const tree = treeOf(all);
  const subtree = subtreeIds(tree, node);
  const { page, limit, sort, ...filters } = query;
  const filter = await filterCondition(reader.db, { ...filters, category: node.slug }, () => Promise.resolve(subtree));
  const [productPage, facets] = await Promise.all([
    filter === null
      ? emptyPage<never>(page, limit)
      : pageOfProducts(reader.db, { where: filter.where, filter, orderBy: categorySortOrders[sort], page, limit }),
    reader.memo(`category-facets:${node._id}`, () => categoryFacets(reader.db, subtree)),
  ]);
  return {
    category: publicCategory(node),
    breadcrumb: breadcrumbOf(tree, node),
    subcategories: (tree.children.get(node._id) ?? []).map(publicCategory),
    products: productPage,
    facets,
  };
}

interface Tree {
  byId: Map<string, CategoryNode>;
  /** Direct children in the list's display order. */
  children: Map<string, CategoryNode[]>;
}

function treeOf(all: CategoryNode[]): Tree {
  const byId = new Map(all.map((category) => [category._id, category]));
  const children = new Map<string, CategoryNode[]>();
  for (const category of all) {
    const parentId = category.parent?._id;
    if (parentId && byId.has(parentId)) children.set(parentId, [...(children.get(parentId) ?? []), category]);
  }
  return { byId, children };
}

/** The category and all its descendants (a cycle in bad data is walked once). */
function subtreeIds(tree: Tree, root: CategoryNode): string[] {
  const seen = new Set<string>();
  const stack = [root];
  while (stack.length > 0) {
    const current = stack.pop() as CategoryNode;
    if (seen.has(current._id)) continue;
    seen.add(current._id);
    stack.push(...(tree.children.get(current._id) ?? []));
  }
  return [...seen];
}

/** From the top-level category down to this one, itself last. */
function breadcrumbOf(tree: Tree, node: CategoryNode): CategoryRef[] {
  const chain: CategoryRef[] = [];
  const seen = new Set<string>();
  for (
    let current: CategoryNode | undefined = node;
    current && !seen.has(current._id);
    current = current.parent ? tree.byId.get(current.parent._id) : undefined
  ) {
    seen.add(current._id);
    chain.unshift({ _id: current._id, name: current.name, slug: current.slug });
  }
  return chain;
}

/**
 * The brands and attribute values of the published products in these categories, with their counts: two grouped
 * queries over the categories' rows (products_category_* indexes), read side by side.
 */
async function categoryFacets(db: Database, categoryIds: string[]): Promise<CategoryFacets> {
  const inCategories = and(
    published,
    categoryIds.length === 1 ? eq(products.categoryId, categoryIds[0] as string) : inArray(products.categoryId, categoryIds),
  ) as SQL;
  const [brandRows, pairRows] = await Promise.all([
    db
      .select({ id: brands.id, name: brands.name, slug: brands.slug, count: sql<number>`count(*)::int` })
      .from(products)
      .innerJoin(brands, eq(brands.id, products.brandId))
      .where(inCategories)
      .groupBy(brands.id, brands.name, brands.slug)
      .orderBy(asc(brands.name), asc(brands.id)),
    db.execute(sql`
      select pair, count(*)::int as count
      from ${products} cross join lateral unnest(${products.attributeValues}) as pair
      where ${inCategories}
      group by pair`),
  ]);
  return {
    brands: brandRows.map((row) => ({ _id: row.id, name: row.name, slug: row.slug, count: Number(row.count) })),
    attributes: attributeFacets(rowsOf<{ pair: string; count: number }>(pairRows)),
  };
}

/** "colour:rose gold" pairs and their counts as attributes (by name) with values (most common first). */
function attributeFacets(rows: { pair: string; count: number }[]): CategoryFacets['attributes'] {
  const byName = new Map<string, { value: string; count: number }[]>();
  for (const row of rows) {
    const split = row.pair.indexOf(':');
    if (split <= 0) continue;
    const name = row.pair.slice(0, split);
    const value = row.pair.slice(split + 1);
    if (value === '') continue;
    const values = byName.get(name) ?? [];
    values.push({ value, count: Number(row.count) });
    byName.set(name, values);
  }
  return [...byName]
    .sort(([a], [b]) => a.localeCompare(b, 'en'))
    .map(([name, values]) => ({
      name,
      values: values.sort((a, b) => b.count - a.count || a.value.localeCompare(b.value, 'en')).slice(0, FACET_VALUES_MAX),
    }));
}
