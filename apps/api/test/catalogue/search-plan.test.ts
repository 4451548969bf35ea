import { planSearch } from '@shop/domain/search/query-plan';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uncached } from '../../src/catalogue/reader.ts';
import { SEARCH_CANDIDATES, searchPageQueries, searchProducts } from '../../src/catalogue/search.ts';
import { searchLexicon } from '../../src/catalogue/search-vocabulary.ts';
import { rowsOf } from '../../src/lib/rows.ts';
import { createTestContext, engines, type TestContext } from '../helpers.ts';

/**
 * Proportions like the benchmark catalogue's (2,439 of 100,000 products match "keychain"): a few per cent of the
 * table matches, so reading it in order would cost PostgreSQL more than the index.
 */
const KEYCHAINS = 600;
const OTHERS = 20_000;

interface PlanNode {
  'Node Type': string;
  'Index Name'?: string;
  'Plan Rows'?: number;
  Plans?: PlanNode[];
}

function nodes(node: PlanNode): PlanNode[] {
  return [node, ...(node.Plans ?? []).flatMap(nodes)];
}

/**
 * Typo search at scale (issue 23, decision 092): the search a misspelling becomes is answered from the GIN index
 * products_search_idx, and the table is read only up to SEARCH_CANDIDATES matching rows (a Limit right above the
 * index's bitmap heap scan), however many products match.
 */
describe.each(engines)('search query plan on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(engine);
    const category = ctx.fixtures.categories.keychains.id;
    // Names without numbers: every distinct name word becomes a search_words row.
    await ctx.handle.db.execute(sql`
      insert into products (name, slug, description, category_id, price, mrp, stock, units_sold)
      select 'Engraved Keychain', 'engraved-keychain-' || n, 'A keychain with a name on it.', ${category}, 49900, 59900, n % 7, n % 97
      from generate_series(1, ${KEYCHAINS}) as n`);
    await ctx.handle.db.execute(sql`
      insert into products (name, slug, description, category_id, price, mrp, stock)
      values ('Zardozi Engraved Keychain', 'zardozi-engraved-keychain', 'Gold thread work.', ${category}, 99900, 99900, 3)`);
    // Plenty of rows that do not match, so a sequential scan would read far more than the index.
    await ctx.handle.db.execute(sql`
      insert into products (name, slug, description, category_id, price, mrp, stock)
      select 'Wooden Photo Frame', 'wooden-photo-frame-' || n, 'A frame for a photo.', ${category}, 79900, 89900, 5
      from generate_series(1, ${OTHERS}) as n`);
    await ctx.handle.db.execute(sql`analyze products`);
  }, 240_000);
  afterAll(async () => ctx?.close());

  async function explain(q: string): Promise<PlanNode> {
    const db = ctx.handle.db;
    const { vocabulary, synonyms } = await searchLexicon(uncached(db));
    const plan = planSearch(q, vocabulary, synonyms);
    const { rankedIds } = searchPageQueries(plan, ' & ', { limit: 25, offset: 0 });
    const [row] = rowsOf<{ 'QUERY PLAN': [{ Plan: PlanNode }] | string }>(await db.execute(sql`explain (format json) ${rankedIds}`));
    const json = row?.['QUERY PLAN'];
    return (typeof json === 'string' ? (JSON.parse(json) as [{ Plan: PlanNode }]) : json!)[0].Plan;
  }

  it('corrects "keychian" and reads the matches through products_search_idx, stopping at the candidate limit', async () => {
    const plan = await explain('keychian');
    const all = nodes(plan);
    expect(
      all.some((node) => node['Node Type'] === 'Bitmap Index Scan' && node['Index Name'] === 'products_search_idx'),
      JSON.stringify(plan),
    ).toBe(true);
    expect(all.some((node) => node['Node Type'] === 'Seq Scan')).toBe(false);
    const limit = all.find((node) => node['Node Type'] === 'Limit' && (node.Plans ?? []).some((child) => child['Node Type'] === 'Bitmap Heap Scan'));
    expect(limit, 'a Limit right above the heap scan: the table is read only up to the candidate limit').toBeDefined();
    expect(limit!['Plan Rows']).toBeLessThanOrEqual(SEARCH_CANDIDATES);
  });

  it('answers a search for two words, one misspelt, from the index too', async () => {
    const plan = await explain('zardozi keychian');
    expect(nodes(plan).some((node) => node['Index Name'] === 'products_search_idx')).toBe(true);
    expect(nodes(plan).some((node) => node['Node Type'] === 'Seq Scan')).toBe(false);
  });

  it('ranks at most SEARCH_CANDIDATES matches and says so in the total; a narrow search is exact', async () => {
    const reader = uncached(ctx.handle.db);
    const broad = await searchProducts(reader, 'keychian', 1, 24);
    expect(broad.total).toBe(SEARCH_CANDIDATES);
    expect(broad.data).toHaveLength(24);
    expect(broad.data.every((product) => product.name.toLowerCase().includes('keychain'))).toBe(true);
    // In stock before sold out within the candidates (decision 075): stock is n % 7, so some candidates are sold out.
    expect(broad.data.every((product) => product.stock > 0)).toBe(true);

    const last = await searchProducts(reader, 'keychian', SEARCH_CANDIDATES / 24, 24);
    expect(last.data).toHaveLength(24);
    expect(last.hasMore).toBe(false);
    const past = await searchProducts(reader, 'keychian', SEARCH_CANDIDATES / 24 + 1, 24);
    expect(past.data).toHaveLength(0);
    expect(past.total).toBe(SEARCH_CANDIDATES);

    const narrow = await searchProducts(reader, 'zardozi keychian', 1, 24);
    expect(narrow.total).toBe(1);
    expect(narrow.data[0]?.name).toBe('Zardozi Engraved Keychain');
  });
});
