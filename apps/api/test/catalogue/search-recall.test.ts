import { products } from '@shop/db';
import { seedCatalogue } from '@shop/db/seed';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uncached } from '../../src/catalogue/reader.ts';
import { searchProducts } from '../../src/catalogue/search.ts';
import { createTestContext, engines, type TestContext } from '../helpers.ts';
import { misspellings } from './search-misspellings.ts';

/**
 * The misspelling test set against the seeded shop (320 products, the shipped seed): recall at least 95 % (of all
 * right answers, how many the search finds) and a right answer in the top 3 for at least 90 % of the queries
 * (issue 25). The figures go into docs/benchmarks.md; this test prints them.
 */
describe.each(engines)('search recall over %i misspellings on %s'.replace('%i', String(misspellings.length)), (engine) => {
  let ctx: TestContext;
  let names: { id: string; name: string }[];
  beforeAll(async () => {
    ctx = await createTestContext(engine, {}, { fixtures: false });
    await seedCatalogue(ctx.handle.db, { mediaDir: ctx.mediaDir, now: new Date('2026-11-20T10:00:00Z') });
    names = await ctx.handle.db.select({ id: products.id, name: products.name }).from(products).where(eq(products.published, true));
  }, 240_000);
  afterAll(async () => ctx?.close());

  it('has at least 60 misspellings, each with products to find', () => {
    expect(misspellings.length).toBeGreaterThanOrEqual(60);
    expect(new Set(misspellings.map((m) => m.query)).size).toBe(misspellings.length);
    for (const { query, finds } of misspellings) {
      expect(
        names.some((p) => p.name.toLowerCase().includes(finds)),
        `${query}: the seeded catalogue has a product named with "${finds}"`,
      ).toBe(true);
    }
  });

  it('finds at least 95 % of the right products and puts one in the top 3 for at least 90 % of the queries', async () => {
    let relevantTotal = 0;
    let foundTotal = 0;
    let topThree = 0;
    const misses: string[] = [];
    const started = performance.now();
    for (const { query, finds } of misspellings) {
      const relevant = new Set(names.filter((p) => p.name.toLowerCase().includes(finds)).map((p) => p.id));
      const result = await searchProducts(uncached(ctx.handle.db), query, 1, 500);
      const ids = result.data.map((p) => p._id);
      const found = ids.filter((id) => relevant.has(id)).length;
      relevantTotal += relevant.size;
      foundTotal += found;
      if (ids.slice(0, 3).some((id) => relevant.has(id))) topThree += 1;
      else
        misses.push(
          `${query} → top 3: ${
            result.data
              .slice(0, 3)
              .map((p) => p.name)
              .join(' | ') || 'nothing'
          }`,
        );
      if (found < relevant.size) misses.push(`${query}: found ${found} of ${relevant.size} "${finds}"`);
    }
    const elapsed = performance.now() - started;
    const recall = foundTotal / relevantTotal;
    const top3 = topThree / misspellings.length;
    console.info(
      `[search recall ${engine}] ${misspellings.length} queries, recall ${(recall * 100).toFixed(1)} % (${foundTotal}/${relevantTotal}), ` +
        `top 3 ${(top3 * 100).toFixed(1)} % (${topThree}/${misspellings.length}), ${(elapsed / misspellings.length).toFixed(1)} ms a query\n  ${misses.join('\n  ')}`,
    );
    expect(recall, misses.join('\n')).toBeGreaterThanOrEqual(0.95);
    expect(top3, misses.join('\n')).toBeGreaterThanOrEqual(0.9);
  });
});
