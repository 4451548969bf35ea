import type { productReviews } from '@shop/db';
import type { OwnReview, Review } from '@shop/domain/review';

type ReviewRow = typeof productReviews.$inferSelect;

/** A review as the public sees it (no user id, no moderation details). */
export function publicReview(row: ReviewRow): Review {
  return {
    _id: row.id,
    product: row.productId,
    rating: row.rating,
    title: row.title,
    text: row.text,
    author: row.authorName,
    verifiedBuyer: row.verifiedBuyer,
    sample: row.sample,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** The author's own view: with its moderation state. */
export function ownReview(row: ReviewRow): OwnReview {
  return { ...publicReview(row), state: row.state };
}
