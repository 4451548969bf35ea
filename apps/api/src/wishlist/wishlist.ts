import { categories, type Database, products, user as users, wishlistItems } from '@shop/db';
import type { ProductSummary } from '@shop/domain/catalogue';
import { isProductId, MAX_WISHLIST_ITEMS } from '@shop/domain/wishlist';
import { and, count, desc, eq, inArray } from 'drizzle-orm';
import { summaryColumns, toSummary } from '../catalogue/summary.ts';
import { Refusal } from '../lib/refusal.ts';

/**
 * A signed-in shopper's wishlist (issue 24, decision 099). Only ever the caller's own. Adding is idempotent (one row
 * per product: a unique index), and so is the merge of the browser's list at sign-in: running it twice, or in two
 * tabs at once, leaves the same rows. Writes lock the user's row first, so two requests of one shopper never pass the
 * cap together; different shoppers never wait on each other.
 */

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export interface WishlistEntry {
  addedAt: string;
  product: ProductSummary;
}

async function lockUser(tx: Tx, userId: string): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
}

/** The products of `ids` a shopper may keep: published ones (a hidden or deleted product is not offered). */
async function publishedOf(tx: Tx, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tx
    .select({ id: products.id })
    .from(products)
    .where(and(inArray(products.id, ids), eq(products.published, true)));
  return new Set(rows.map((row) => row.id));
}

/** The ids on the list, newest first (what the hearts need). */
export async function wishlistIds(db: Pick<Database, 'select'>, userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: wishlistItems.productId })
    .from(wishlistItems)
    .where(eq(wishlistItems.userId, userId))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
  return rows.map((row) => row.id);
}

/** The list with each product as a card shows it, newest first; a product hidden since stays on it but is not shown. */
export async function listWishlist(db: Database, userId: string): Promise<WishlistEntry[]> {
  const rows = await db
    .select({ ...summaryColumns, addedAt: wishlistItems.createdAt })
    .from(wishlistItems)
    .innerJoin(products, eq(products.id, wishlistItems.productId))
    .innerJoin(categories, eq(categories.id, products.categoryId))
    .where(and(eq(wishlistItems.userId, userId), eq(products.published, true)))
    .orderBy(desc(wishlistItems.createdAt), desc(wishlistItems.productId));
  return rows.map(({ addedAt, ...row }) => ({ addedAt: addedAt.toISOString(), product: toSummary(row) }));
}

/** Puts a product on the list (already there: nothing changes). 404 for a product not in the shop; 409 when full. */
export async function addToWishlist(db: Database, userId: string, productId: string): Promise<string[]> {
  if (!isProductId(productId)) throw new Refusal('product_not_found');
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    if (!(await publishedOf(tx, [productId])).has(productId)) throw new Refusal('product_not_found');
    const [{ held } = { held: 0 }] = await tx.select({ held: count() }).from(wishlistItems).where(eq(wishlistItems.userId, userId));
    const written = await tx.insert(wishlistItems).values({ userId, productId }).onConflictDoNothing().returning({ id: wishlistItems.productId });
    // Counted before the insert: a product already on a full list is fine, a new one is one too many.
    if (written.length > 0 && held >= MAX_WISHLIST_ITEMS) throw new Refusal('wishlist_full');
    return wishlistIds(tx, userId);
  });
}

/** Takes a product off the list (not on it: nothing changes). */
export async function removeFromWishlist(db: Database, userId: string, productId: string): Promise<void> {
  if (!isProductId(productId)) return;
  await db.delete(wishlistItems).where(and(eq(wishlistItems.userId, userId), eq(wishlistItems.productId, productId)));
}

/**
 * Adds the browser's list (kept while signed out) to the account's: products already on it and products no longer in
 * the shop are skipped, and what would pass the cap is left out (the account's own items win). Answers the ids.
 */
export async function mergeWishlist(db: Database, userId: string, productIds: string[]): Promise<string[]> {
  return db.transaction(async (tx) => {
    await lockUser(tx, userId);
    const held = new Set(await wishlistIds(tx, userId));
    const offered = await publishedOf(
      tx,
      productIds.filter((id) => !held.has(id)),
    );
    const room = Math.max(0, MAX_WISHLIST_ITEMS - held.size);
    const adding = productIds.filter((id) => offered.has(id)).slice(0, room);
    if (adding.length > 0) {
      // The browser lists oldest first: each later one a moment newer, so the account's order is the browser's.
      const base = Date.now();
      await tx
        .insert(wishlistItems)
        .values(adding.map((productId, index) => ({ userId, productId, createdAt: new Date(base + index) })))
        .onConflictDoNothing();
    }
    return wishlistIds(tx, userId);
  });
}
