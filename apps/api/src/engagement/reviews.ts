import { type Database, productReviews, products } from '@shop/db';
import type { ModerationState, OwnReview, RatingSummary, Review } from '@shop/domain/review';
import { and, count, desc, eq } from 'drizzle-orm';
import { recordAudit } from '../admin/audit.ts';
import type { RequestUser } from '../auth/request-user.ts';
import { type Page, pageOf } from '../lib/page.ts';
import { Refusal } from '../lib/refusal.ts';
import { lockProduct, ratingSummary } from './product-rating.ts';
import { ownReview, publicReview } from './review-view.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A published product's approved reviews, newest first, one page of them, with its rating summary. The product is
 * named by id or slug; an unknown or unpublished one is `product_not_found`.
 */
export async function publishedReviews(db: Database, product: string, page: number, limit: number): Promise<Page<Review> & { summary: RatingSummary }> {
  const [found] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(UUID.test(product) ? eq(products.id, product) : eq(products.slug, product), eq(products.published, true)))
    .limit(1);
  if (!found) throw new Refusal('product_not_found');
  const where = and(eq(productReviews.productId, found.id), eq(productReviews.state, 'approved'));
  const [rows, summary] = await Promise.all([
    db
      .select()
      .from(productReviews)
      .where(where)
      .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
      .limit(limit)
      .offset((page - 1) * limit),
    ratingSummary(db, found.id),
  ]);
  return { ...pageOf(rows.map(publicReview), summary.count, page, limit), summary };
}

type ReviewForShop = OwnReview & { productName: string; productSlug: string };

/** The shop's moderation list: reviews in one state, oldest first (the queue is state=pending), with their product. */
export async function reviewsForShop(db: Database, state: ModerationState, page: number, limit: number): Promise<Page<ReviewForShop>> {
  const where = eq(productReviews.state, state);
  const [rows, [total]] = await Promise.all([
    db
      .select({ review: productReviews, productName: products.name, productSlug: products.slug })
      .from(productReviews)
      .innerJoin(products, eq(products.id, productReviews.productId))
      .where(where)
      .orderBy(productReviews.createdAt, productReviews.id)
      .limit(limit)
      .offset((page - 1) * limit),
    db.select({ n: count() }).from(productReviews).where(where),
  ]);
  const data = rows.map((row) => ({ ...ownReview(row.review), productName: row.productName, productSlug: row.productSlug }));
  return pageOf(data, Number(total?.n ?? 0), page, limit);
}

/**
 * Approves or rejects a review (staff): the product's rating follows, and the audit log records the change, in one
 * transaction under the product's lock. `review_not_found` when there is no such review.
 */
export async function moderateReview(db: Database, moderator: RequestUser, reviewId: string, state: 'approved' | 'rejected'): Promise<OwnReview> {
  const row = await db.transaction(async (tx) => {
    const [current] = await tx.select({ productId: productReviews.productId }).from(productReviews).where(eq(productReviews.id, reviewId));
    if (!current || !(await lockProduct(tx, current.productId))) throw new Refusal('review_not_found');
    // Read again under the product's lock: the state the audit row records as "before".
    const [locked] = await tx.select({ state: productReviews.state }).from(productReviews).where(eq(productReviews.id, reviewId));
    const [updated] = await tx
      .update(productReviews)
      .set({ state, moderatedAt: new Date(), moderatedBy: moderator.id })
      .where(eq(productReviews.id, reviewId))
      .returning();
    if (!updated || !locked) throw new Refusal('review_not_found');
    await recordAudit(tx, moderator, {
      action: 'review.moderate',
      entityType: 'review',
      entityId: updated.id,
      before: { state: locked.state },
      after: { state: updated.state },
    });
    return updated;
  });
  return ownReview(row);
}
