import { products, wishlistItems } from '@shop/db';
import { MAX_WISHLIST_ITEMS } from '@shop/domain/wishlist';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customer, engagementContext, request, type Customer } from '../engagement/engagement-helpers.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';

const base = '/api/user/wishlist';
const missing = '00000000-0000-4000-8000-000000000000';

describe.each(engines)('wishlist (%s)', (engine) => {
  let ctx: TestContext;
  let asha: Customer;
  let ravi: Customer;
  const as = (who: Customer) => ({ cookie: who.cookie });
  const ids = async (who: Customer) => (await request(ctx.app, 'GET', `${base}/ids`, undefined, as(who))).json<{ productIds: string[] }>().productIds;

  beforeAll(async () => {
    ctx = await engagementContext(engine);
    asha = await customer(ctx, 'Asha Verma');
    ravi = await customer(ctx, 'Ravi Kumar');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('asks for sign-in (401) on every action', async () => {
    const { photoKeychain } = ctx.fixtures.products;
    for (const response of [
      await request(ctx.app, 'GET', base),
      await request(ctx.app, 'GET', `${base}/ids`),
      await request(ctx.app, 'PUT', `${base}/${photoKeychain!.id}`),
      await request(ctx.app, 'DELETE', `${base}/${photoKeychain!.id}`),
      await request(ctx.app, 'POST', `${base}/merge`, { productIds: [photoKeychain!.id] }),
    ]) {
      expectRefusal(response, 401, 'not_signed_in');
    }
  });

  it('adds once, lists as cards newest first, removes, and keeps each shopper to their own list', async () => {
    const { photoKeychain, nameKeychain } = ctx.fixtures.products;
    const first = await request(ctx.app, 'PUT', `${base}/${photoKeychain!.id}`, undefined, as(asha));
    expect(first.statusCode, first.body).toBe(200);
    await request(ctx.app, 'PUT', `${base}/${nameKeychain!.id}`, undefined, as(asha));
    // Adding again changes nothing.
    expect((await request(ctx.app, 'PUT', `${base}/${photoKeychain!.id}`, undefined, as(asha))).json()).toEqual({
      productIds: [nameKeychain!.id, photoKeychain!.id],
    });

    const list = (await request(ctx.app, 'GET', base, undefined, as(asha))).json<{ data: Array<{ addedAt: string; product: Record<string, unknown> }> }>();
    expect(list.data.map((entry) => entry.product._id)).toEqual([nameKeychain!.id, photoKeychain!.id]);
    // Out of stock shows as such (the page offers "Move to cart" only for what can be bought).
    expect(list.data[0]!.product).toMatchObject({ slug: nameKeychain!.slug, inStock: false, price: expect.any(Number) });

    expect(await ids(ravi)).toEqual([]);
    expect((await request(ctx.app, 'DELETE', `${base}/${photoKeychain!.id}`, undefined, as(ravi))).statusCode).toBe(204);
    expect(await ids(asha)).toHaveLength(2);

    expect((await request(ctx.app, 'DELETE', `${base}/${photoKeychain!.id}`, undefined, as(asha))).statusCode).toBe(204);
    expect((await request(ctx.app, 'DELETE', `${base}/${photoKeychain!.id}`, undefined, as(asha))).statusCode).toBe(204);
    expect(await ids(asha)).toEqual([nameKeychain!.id]);
  });

  it('refuses a product not in the shop (404) and a list past its cap (409)', async () => {
    expectRefusal(await request(ctx.app, 'PUT', `${base}/${missing}`, undefined, as(ravi)), 404, 'product_not_found');
    expectRefusal(await request(ctx.app, 'PUT', `${base}/not-a-uuid`, undefined, as(ravi)), 404, 'product_not_found');
    // A draft (unpublished) product is not offered either.
    expectRefusal(await request(ctx.app, 'PUT', `${base}/${ctx.fixtures.draft.id}`, undefined, as(ravi)), 404, 'product_not_found');

    const full = await customer(ctx, 'Meena Full');
    const { photoKeychain, nameKeychain } = ctx.fixtures.products;
    // Products enough to fill one list (the fixtures have a few).
    const fillers = await ctx.handle.db
      .insert(products)
      .values(
        Array.from({ length: MAX_WISHLIST_ITEMS - 1 }, (_, i) => ({
          name: `Wishlist Filler ${i}`,
          slug: `wishlist-filler-${i}-${engine}`,
          categoryId: ctx.fixtures.categories.keychains.id,
          price: 10_000,
          mrp: 10_000,
          stock: 1,
        })),
      )
      .returning({ id: products.id });
    const merged = await request(ctx.app, 'POST', `${base}/merge`, { productIds: [nameKeychain!.id, ...fillers.map((row) => row.id)] }, as(full));
    expect(merged.json<{ productIds: string[] }>().productIds).toHaveLength(MAX_WISHLIST_ITEMS);
    expectRefusal(await request(ctx.app, 'PUT', `${base}/${photoKeychain!.id}`, undefined, as(full)), 409, 'wishlist_full');
    // One already on it is fine; a merge past the cap keeps the list as it is.
    expect((await request(ctx.app, 'PUT', `${base}/${nameKeychain!.id}`, undefined, as(full))).statusCode).toBe(200);
    const past = await request(ctx.app, 'POST', `${base}/merge`, { productIds: [photoKeychain!.id] }, as(full));
    expect(past.json<{ productIds: string[] }>().productIds).not.toContain(photoKeychain!.id);
    expect(await ids(full)).toHaveLength(MAX_WISHLIST_ITEMS);
  });

  it('merges the browser list at sign-in: idempotent, skipping unknown, hidden and duplicate products', async () => {
    const shopper = await customer(ctx, 'Kavya Rao');
    const { photoKeychain, nameKeychain } = ctx.fixtures.products;
    await request(ctx.app, 'PUT', `${base}/${nameKeychain!.id}`, undefined, as(shopper));
    const browserList = [photoKeychain!.id, nameKeychain!.id, missing, ctx.fixtures.draft.id, 'junk', photoKeychain!.id.toUpperCase()];
    const merged = await request(ctx.app, 'POST', `${base}/merge`, { productIds: browserList }, as(shopper));
    expect(merged.statusCode, merged.body).toBe(200);
    expect(new Set(merged.json<{ productIds: string[] }>().productIds)).toEqual(new Set([photoKeychain!.id, nameKeychain!.id]));
    // Again (a second tab, a retried request): the same rows.
    const again = await request(ctx.app, 'POST', `${base}/merge`, { productIds: browserList }, as(shopper));
    expect(again.json<{ productIds: string[] }>().productIds).toHaveLength(2);
    expect(await ctx.handle.db.select().from(wishlistItems).where(eq(wishlistItems.userId, shopper.userId))).toHaveLength(2);
    // Two at once do not race past each other.
    const other = await customer(ctx, 'Dev Shah');
    await Promise.all([1, 2, 3].map(() => request(ctx.app, 'POST', `${base}/merge`, { productIds: [photoKeychain!.id, nameKeychain!.id] }, as(other))));
    expect(await ids(other)).toHaveLength(2);

    expect(expectRefusal(await request(ctx.app, 'POST', `${base}/merge`, { productIds: 'x' }, as(shopper)), 400, 'validation_failed').errors).toHaveProperty(
      'productIds',
    );
  });
});
