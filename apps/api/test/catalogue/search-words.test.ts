import { products, searchLexiconState, searchSynonyms, searchWords } from '@shop/db';
import { eq, inArray, sql } from 'drizzle-orm';
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

  const generation = async () => (await ctx.handle.db.select({ generation: searchLexiconState.generation }).from(searchLexiconState))[0]?.generation;

  it("moves the lexicon's generation when words or synonyms change, and only then", async () => {
    const start = await generation();
    expect(start).toBeGreaterThan(0);
    const [frame] = await ctx.handle.db
      .insert(products)
      .values({ name: 'Vbnmqish Frame', slug: 'vbnmqish-frame', categoryId: ctx.fixtures.categories.keychains.id, price: 10_000, mrp: 10_000, stock: 5 })
      .returning({ id: products.id });
    const afterNewWord = await generation();
    expect(afterNewWord).toBeGreaterThan(start!);

    // An order's stock update, a save with the same words, and a new product of known words: the lexicon is the same.
    await ctx.handle.db.update(products).set({ stock: 4 }).where(eq(products.id, frame!.id));
    await ctx.handle.db.update(products).set({ name: 'Frame Vbnmqish' }).where(eq(products.id, frame!.id));
    await ctx.handle.db
      .insert(products)
      .values({ name: 'Vbnmqish Frame', slug: 'vbnmqish-frame-2', categoryId: ctx.fixtures.categories.keychains.id, price: 10_000, mrp: 10_000, stock: 5 });
    expect(await generation()).toBe(afterNewWord);

    const [group] = await ctx.handle.db
      .insert(searchSynonyms)
      .values({ terms: ['vbnmqish', 'vbnmqesh'] })
      .returning({ id: searchSynonyms.id });
    const afterGroup = await generation();
    expect(afterGroup).toBeGreaterThan(afterNewWord!);
    await ctx.handle.db.delete(searchSynonyms).where(eq(searchSynonyms.id, group!.id));
    expect(await generation()).toBeGreaterThan(afterGroup!);
  });

  it.runIf(engine === 'postgres')('a long transaction adding words does not hold up a product saved beside it (the bump is at commit)', async () => {
    const before = await generation();
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let added!: () => void;
    const wordsAdded = new Promise<void>((resolve) => (added = resolve));
    // A CSV import's transaction: new words written, then it keeps working (here: waits) before its commit.
    const importing = ctx.handle.db.transaction(async (tx) => {
      await tx.insert(products).values({
        name: 'Alphaqish Zorblat',
        slug: 'alphaqish-zorblat',
        categoryId: ctx.fixtures.categories.keychains.id,
        price: 10_000,
        mrp: 10_000,
        stock: 5,
      });
      added();
      await held;
    });
    await wordsAdded;
    // Staff save another product with new words (none shared: a shared new word waits for the first writer's commit,
    // as any unique key does) meanwhile: it commits at once; it used to wait for the import's lock on the lexicon row.
    try {
      const saved = ctx.handle.db.transaction(async (tx) => {
        await tx.execute(sql`set local lock_timeout = '3s'`);
        await tx.insert(products).values({
          name: 'Betaqish Quenvik',
          slug: 'betaqish-quenvik',
          categoryId: ctx.fixtures.categories.keychains.id,
          price: 10_000,
          mrp: 10_000,
          stock: 5,
        });
      });
      await expect(saved).resolves.toBeUndefined();
      expect(await generation()).toBe(before! + 1);
    } finally {
      release();
    }
    await importing;
    expect(await generation()).toBe(before! + 2);
    expect(await known(['alphaqish', 'betaqish', 'quenvik', 'zorblat'])).toEqual(['alphaqish', 'betaqish', 'quenvik', 'zorblat']);
  });

  it('a search held in the process finds what a write straight to the tables made findable', async () => {
    const search = async (q: string) =>
      (await ctx.app.inject({ url: `/api/products/search?q=${encodeURIComponent(q)}` })).json().data.map((p: { slug: string }) => p.slug);
    expect(await search('lamp')).toContain('qwertyish-lamp');
    // The process now holds a lexicon without this product's word: a misspelling of it is corrected once it is written.
    await ctx.handle.db
      .insert(products)
      .values({ name: 'Hjklzish Cushion', slug: 'hjklzish-cushion', categoryId: ctx.fixtures.categories.keychains.id, price: 10_000, mrp: 10_000, stock: 5 });
    expect(await search('hjklzesh')).toEqual(['hjklzish-cushion']);
    // A synonym group written by another process (no notification to this one) is used by the next search.
    await ctx.handle.db.insert(searchSynonyms).values({ terms: ['hjklzish', 'pillowcase'] });
    expect(await search('pillowcase')).toEqual(['hjklzish-cushion']);
  });
});
