// Paging through a listing whose products tie on the sort's key. A new shop's products have all sold 0 units, and a
// catalogue imported in one go shares one created_at, so "popularity" and "newest" are all ties there. Offset pages
// over an order with ties are not stable in PostgreSQL: a top-N sort for page 2 may put page 1's products on it and
// never show others. Every order ends on the product id, so each page takes up where the last one ended.
import { products } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engines, json, type TestContext } from '../helpers.ts';

const SORTS = ['newest', 'price_asc', 'price_desc', 'popularity', 'discount'] as const;
const PER_CATEGORY = 18;
const LIMIT = 5;

describe.each(engines)('GET /api/products over tied products on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(engine);
    const { keychains, lamps } = ctx.fixtures.categories;
    // One statement: one created_at for all of them, as an import's transaction gives.
    await ctx.handle.db.insert(products).values(
      [keychains, lamps].flatMap((category) =>
        Array.from({ length: PER_CATEGORY }, (_, i) => ({
          name: `Tied ${category.slug} ${i}`,
          slug: `tied-${category.slug}-${i}`,
          categoryId: category.id,
          price: 49_900,
          mrp: 59_900,
          stock: 5,
          unitsSold: 0,
        })),
      ),
    );
  });
  afterAll(async () => ctx?.close());

  /** Every page of a listing, one after another, as a shopper clicks "next". */
  async function pageThrough(query: string): Promise<string[]> {
    const slugs: string[] = [];
    for (let page = 1; ; page++) {
      const response = await ctx.app.inject({ method: 'GET', url: `/api/products?${query}&limit=${LIMIT}&page=${page}` });
      expect(response.statusCode, response.body).toBe(200);
      const body = json(response);
      slugs.push(...body.data.map((p: { slug: string }) => p.slug));
      if (!body.hasMore) return slugs;
    }
  }

  it.each(SORTS)('pages the whole shop sorted by %s, each product once', async (sort) => {
    const paged = await pageThrough(`sort=${sort}&minPrice=49900&maxPrice=49900`);
    expect(paged.length).toBe(2 * PER_CATEGORY);
    expect(new Set(paged).size).toBe(paged.length);
  });

  it.each(SORTS)('pages one category sorted by %s, each product once', async (sort) => {
    const paged = await pageThrough(`category=keychains&sort=${sort}`);
    const tied = paged.filter((slug) => slug.startsWith('tied-'));
    expect(tied.length).toBe(PER_CATEGORY);
    expect(new Set(paged).size).toBe(paged.length);
  });

  it.each(SORTS)('pages a parent category (merged from its subcategories) sorted by %s, each product once', async (sort) => {
    const paged = await pageThrough(`category=personalised-gifts&sort=${sort}`);
    expect(paged.filter((slug) => slug.startsWith('tied-')).length).toBe(2 * PER_CATEGORY);
    expect(new Set(paged).size).toBe(paged.length);
  });
});
