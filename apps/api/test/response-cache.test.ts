import { brands, products } from '@shop/db';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { INVALIDATE_CHANNEL } from '../src/plugins/response-cache.ts';
import { createTestContext, engines, expectRefusal, json, type TestContext } from './helpers.ts';

/** Waits until `check` holds; NOTIFY is asynchronous, so the other process sees it a moment later. */
async function eventually(check: () => boolean | Promise<boolean>, timeoutMs = 3_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error('condition not met in time');
}

describe.each(engines)('response cache on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(engine, { responseCacheSeconds: 30 });
  });
  afterAll(async () => ctx?.close());

  /**
   * Invalidates, then waits for this process's own NOTIFY to come back. On PostgreSQL it arrives a moment later and
   * clears the cache again, which empties whatever a test cached in between (seen once test files ran in parallel).
   */
  const invalidateAndSettle = async () => {
    let heard = false;
    const stop = await ctx.handle.listen(INVALIDATE_CHANNEL, () => {
      heard = true;
    });
    try {
      await ctx.app.responseCache.invalidate();
      await eventually(() => heard);
      // The app listens on a connection of its own: give it the moment to take the same notification off its socket.
      await new Promise((resolve) => setTimeout(resolve, 50));
    } finally {
      await stop();
    }
  };

  const brandNames = async (app = ctx.app) => {
    const response = await app.inject({ method: 'GET', url: '/api/brands' });
    return { response, names: json<{ data: { name: string }[] }>(response).data.map((brand) => brand.name) };
  };

  it('answers a repeated public GET from memory, with the same body and headers', async () => {
    await invalidateAndSettle();
    const first = await ctx.app.inject({ method: 'GET', url: '/api/products?limit=3&sort=price_asc' });
    const second = await ctx.app.inject({ method: 'GET', url: '/api/products?limit=3&sort=price_asc' });
    expect(first.headers['x-cache']).toBeUndefined();
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    expect(second.headers['content-type']).toBe(first.headers['content-type']);
    expect(second.headers['cache-control']).toBe(first.headers['cache-control']);
  });

  it('keeps serving the cached answer after a change until invalidated, then serves the change', async () => {
    await invalidateAndSettle();
    const before = await brandNames();
    const original = before.names[0] as string;
    await ctx.handle.db.update(brands).set({ name: 'Renamed Brand' }).where(eq(brands.name, original));
    try {
      expect((await brandNames()).names).toEqual(before.names);
      await ctx.app.responseCache.invalidate();
      expect((await brandNames()).names).toContain('Renamed Brand');
    } finally {
      await ctx.handle.db.update(brands).set({ name: original }).where(eq(brands.name, 'Renamed Brand'));
      await ctx.app.responseCache.invalidate();
    }
  });

  it('never caches errors, posts or no-store answers', async () => {
    await ctx.app.responseCache.invalidate();
    await ctx.app.inject({ method: 'GET', url: '/api/product/no-such-product' });
    await ctx.app.inject({ method: 'GET', url: '/api/products?limit=abc' });
    await ctx.app.inject({ method: 'GET', url: '/api/health' });
    const ids = {
      productIds: Object.values(ctx.fixtures.products)
        .slice(0, 1)
        .map((product) => product.id),
    };
    await ctx.app.inject({ method: 'POST', url: '/api/products/cart', payload: ids });
    expect(ctx.app.responseCache.size).toBe(0);
    const again = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(again.headers['x-cache']).toBeUndefined();
  });

  it('remembers derived values for the window and forgets them on invalidate', async () => {
    await invalidateAndSettle();
    let loads = 0;
    const load = () => Promise.resolve(++loads);
    expect(await ctx.app.responseCache.memo('test-key', load)).toBe(1);
    expect(await ctx.app.responseCache.memo('test-key', load)).toBe(1);
    await ctx.app.responseCache.invalidate();
    expect(await ctx.app.responseCache.memo('test-key', load)).toBe(2);
  });

  it('shares one load among the requests that miss together, and does not remember one an invalidation overtook', async () => {
    await invalidateAndSettle();
    let loads = 0;
    let finish!: () => void;
    const slow = () => new Promise<number>((resolve) => (finish = () => resolve(++loads)));
    const together = [ctx.app.responseCache.memo('shared-key', slow), ctx.app.responseCache.memo('shared-key', slow)];
    finish();
    expect(await Promise.all(together)).toEqual([1, 1]);
    expect(loads).toBe(1);
    // A load that began before an invalidation may have read the old rows: its answer is given, not kept.
    const overtaken = ctx.app.responseCache.memo('overtaken-key', slow);
    await ctx.app.responseCache.invalidate();
    finish();
    expect(await overtaken).toBe(2);
    expect(await ctx.app.responseCache.memo('overtaken-key', () => Promise.resolve(-1))).toBe(-1);
    // A failed load is not kept either.
    await expect(ctx.app.responseCache.memo('failing-key', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await ctx.app.responseCache.memo('failing-key', () => Promise.resolve(3))).toBe(3);
  });

  it('a renamed category slug is seen by listings after invalidate', async () => {
    const before = json(await ctx.app.inject({ method: 'GET', url: '/api/products?category=lamps&miss=1' }));
    expect(before.data.length).toBeGreaterThan(0);
    await ctx.handle.db.execute(sql`update categories set slug = 'lights' where slug = 'lamps'`);
    try {
      await ctx.app.responseCache.invalidate();
      const renamed = json(await ctx.app.inject({ method: 'GET', url: '/api/products?category=lights' }));
      expect(renamed.data.map((p: { slug: string }) => p.slug)).toEqual(before.data.map((p: { slug: string }) => p.slug));
      expect(json(await ctx.app.inject({ method: 'GET', url: '/api/products?category=lamps&miss=2' })).data).toEqual([]);
    } finally {
      await ctx.handle.db.execute(sql`update categories set slug = 'lamps' where slug = 'lights'`);
      await ctx.app.responseCache.invalidate();
    }
  });

  it('serves a category page from memory and shows a catalogue change once invalidated', async () => {
    await invalidateAndSettle();
    const url = '/api/category/jewellery/page?sort=price_asc';
    const first = await ctx.app.inject({ method: 'GET', url });
    const second = await ctx.app.inject({ method: 'GET', url });
    expect(first.statusCode).toBe(200);
    expect(second.headers['x-cache']).toBe('hit');
    expect(second.body).toBe(first.body);
    const before = json(first);
    expect(before.facets.brands).toEqual([expect.objectContaining({ slug: 'aurora', count: 2 })]);

    // Unpublishing a ring changes the page, the category's count and the facets (remembered per category).
    const ring = ctx.fixtures.products.silverRing!.id;
    await ctx.handle.db.update(products).set({ published: false }).where(eq(products.id, ring));
    try {
      expect((await ctx.app.inject({ method: 'GET', url })).body).toBe(first.body);
      // Another URL of the same category misses the answer cache but still reads the remembered facets.
      const other = json(await ctx.app.inject({ method: 'GET', url: `${url}&limit=5` }));
      expect(other.facets).toEqual(before.facets);
      await ctx.app.responseCache.invalidate();
      const after = json(await ctx.app.inject({ method: 'GET', url }));
      expect(after.products.data.map((p: { slug: string }) => p.slug)).toEqual(['rose-gold-name-necklace']);
      expect(after.category.productCount).toBe(before.category.productCount - 1);
      expect(after.facets.brands).toEqual([expect.objectContaining({ slug: 'aurora', count: 1 })]);
    } finally {
      await ctx.handle.db.update(products).set({ published: true }).where(eq(products.id, ring));
      await ctx.app.responseCache.invalidate();
    }
  });

  it('never caches an unknown category page', async () => {
    await invalidateAndSettle();
    const response = await ctx.app.inject({ method: 'GET', url: '/api/category/no-such-category/page' });
    expectRefusal(response, 404, 'category_not_found');
    expect(ctx.app.responseCache.size).toBe(0);
  });

  it('an invalidation in one API process clears the cache of another on the same database', async () => {
    const other = await buildApp({
      config: { mediaDir: ctx.mediaDir, redisUrl: undefined, trustProxy: false, logLevel: 'silent', responseCacheSeconds: 30 },
      db: ctx.handle,
      logger: false,
    });
    try {
      await other.inject({ method: 'GET', url: '/api/brands' });
      expect(other.responseCache.size).toBeGreaterThan(0);
      await ctx.app.responseCache.invalidate();
      await eventually(() => other.responseCache.size === 0);
    } finally {
      await other.close();
    }
  });
});
