import { products, searchWords } from '@shop/db';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engines, type TestContext } from '../helpers.ts';

/**
 * The words a misspelt search is corrected towards (decision 076) follow the catalogue's names and tags: a new
 * product adds its words, a renamed or retagged one its new words. Since decision 126 a row trigger that fires only when
 * name or tags change does the latter, so the stock update every order makes runs no trigger at all.
 */
describe.each(engines)('search words on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(engine);
  });
  afterAll(async () => ctx?.close());

  const known = async (words: string[]) =>
    (await ctx.handle.db.select({ word: searchWords.word }).from(searchWords).where(inArray(searchWords.word, words))).map((row) => row.word).sort();

  it('adds the words of a new name or new tags, and nothing for an update that changes neither', async () => {
    const [lamp] = await ctx.handle.db
      .insert(products)
      .values({ name: 'Qwertyish Lamp', slug: 'qwertyish-lamp', categoryId: ctx.fixtures.categories.keychains.id, price: 10_000, mrp: 10_000, stock: 5 })
      .returning({ id: products.id });
    expect(await known(['qwertyish'])).toEqual(['qwertyish']);

    await ctx.handle.db.update(products).set({ stock: 4, unitsSold: 1 }).where(eq(products.id, lamp!.id));
    await ctx.handle.db.update(products).set({ name: 'Qwertyish Lamp' }).where(eq(products.id, lamp!.id));
    expect(await known(['zxcvbnish', 'plokmijn'])).toEqual([]);

    await ctx.handle.db.update(products).set({ name: 'Zxcvbnish Lamp' }).where(eq(products.id, lamp!.id));
    expect(await known(['zxcvbnish'])).toEqual(['zxcvbnish']);
    await ctx.handle.db
      .update(products)
      .set({ tags: ['plokmijn'] })
      .where(eq(products.id, lamp!.id));
    expect(await known(['plokmijn'])).toEqual(['plokmijn']);
    // The old name's words stay: a search may still be corrected towards them (as before).
    expect(await known(['qwertyish'])).toEqual(['qwertyish']);
  });
});
