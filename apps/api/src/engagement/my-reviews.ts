import { type Database, productReviews, products } from '@shop/db';
import { displayName, type ReviewContent, stateAfterAuthorWrite } from '@shop/domain/review';
import { and, eq } from 'drizzle-orm';
import { isUniqueViolation, Refusal } from '../lib/refusal.ts';
import { hasReceived } from './eligibility.ts';
import { lockProduct } from './product-rating.ts';

type ReviewRow = typeof productReviews.$inferSelect;

export interface Author {
  id: string;
  name: string;
}

/**
 * Writes a customer's review of a product they received. Published at once (a verified buyer's; see
 * stateAfterAuthorWrite), and the product's rating follows through the database's trigger (migration 0012), under the product's lock.
 * Refuses `product_not_found`, `review_not_buyer` (no delivered order with it) and `review_duplicate`.
 */
export async function createReview(db: Database, author: Author, productId: string, content: ReviewContent): Promise<ReviewRow> {
  try {
    return await db.transaction(async (tx) => {
      const [product] = await tx
        .select({ id: products.id })
        .from(products)
        .where(and(eq(products.id, productId), eq(products.published, true)));
      if (!product) throw new Refusal('product_not_found');
      if (!(await hasReceived(tx, author.id, productId))) throw new Refusal('review_not_buyer');
      await lockProduct(tx, productId);
      const [row] = await tx
        .insert(productReviews)
        .values({
          productId,
          userId: author.id,
          authorName: displayName(author.name),
          rating: content.rating,
          title: content.title,
          text: content.text,
          verifiedBuyer: true,
          state: stateAfterAuthorWrite(null),
        })
        .returning();
      return row as ReviewRow;
    });
  } catch (error) {
    if (isUniqueViolation(error, 'product_reviews_user_product_idx')) throw new Refusal('review_duplicate');
    throw error;
  }
}

/** The caller's review with this id, locked for the transaction; another user's is `review_not_found` like a missing one. */
async function ownRow(tx: Parameters<Parameters<Database['transaction']>[0]>[0], userId: string, reviewId: string) {
  const [row] = await tx
    .select()
    .from(productReviews)
    .where(and(eq(productReviews.id, reviewId), eq(productReviews.userId, userId)));
  if (!row) throw new Refusal('review_not_found');
  // Lock order: product first, then the review (as createReview and moderation do), so writers never deadlock.
  await lockProduct(tx, row.productId);
  return row;
}

export async function updateReview(db: Database, userId: string, reviewId: string, content: ReviewContent): Promise<ReviewRow> {
  return db.transaction(async (tx) => {
    const current = await ownRow(tx, userId, reviewId);
    const [row] = await tx
      .update(productReviews)
      .set({ rating: content.rating, title: content.title, text: content.text, state: stateAfterAuthorWrite(current.state) })
      .where(eq(productReviews.id, current.id))
      .returning();
    return row as ReviewRow;
  });
}

export async function deleteReview(db: Database, userId: string, reviewId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const current = await ownRow(tx, userId, reviewId);
    await tx.delete(productReviews).where(eq(productReviews.id, current.id));
  });
}

export async function myReviewOf(db: Database, userId: string, productId: string): Promise<ReviewRow | null> {
  const [row] = await db
    .select()
    .from(productReviews)
    .where(and(eq(productReviews.userId, userId), eq(productReviews.productId, productId)));
  return row ?? null;
}
