import { products } from '@shop/db';
import { productSorts } from '@shop/domain/catalogue';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categorySortOrders, published, sortOrders } from '../../src/catalogue/listing.ts';
import { summariesQuery } from '../../src/catalogue/summary.ts';
import { rowsOf } from '../../src/lib/rows.ts';
import { createTestContext, engines, type TestContext } from '../helpers.ts';

/**
 * Every listing order must be answered by walking an index, never by sorting the matches: on 100k
 * products a sort costs 100× more. Sequential scans are switched off so the planner's choice shows
 * whether an index CAN give the order (a small table would otherwise always be scanned).
 */
describe.each(engines)('listing query plans on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(engine);
  });
  afterAll(async () => ctx?.close());

  async function plan(where: ReturnType<typeof and>, orderBy: ReturnType<typeof sql>[]): Promise<string> {
    const query = summariesQuery(ctx.handle.db, { where, orderBy, limit: 25 }).toSQL();
    return ctx.handle.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const result = await tx.execute(sql.raw(`explain ${inline(query.sql, query.params)}`));
      return rowsOf<Record<string, string>>(result)
        .map((row) => Object.values(row)[0])
        .join('\n');
    });
  }

  it.each(productSorts)('broad list sorted by %s walks an index', async (sort) => {
    const text = await plan(published, sortOrders[sort]);
    expect(text).not.toMatch(/\bSort\b/);
  });

  it.each(productSorts)('category list sorted by %s walks a category index', async (sort) => {
    const where = and(published, eq(products.categoryId, ctx.fixtures.categories.lamps.id));
    const text = await plan(where, categorySortOrders[sort]);
    expect(text).not.toMatch(/\bSort\b/);
    expect(text).toMatch(/products_category_\w+_idx/);
  });
});

/** EXPLAIN cannot take bind parameters here, so they are inlined as literals (test-only, fixed values). */
function inline(text: string, params: unknown[]): string {
  return text.replace(/\$(\d+)/g, (_match, index: string) => {
    const value = params[Number(index) - 1];
    if (typeof value === 'number' || typeof value === 'boolean') return String(value);
    return `'${String(value).replaceAll("'", "''")}'`;
  });
}
