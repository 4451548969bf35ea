import { type Database, productReviews, products } from '@shop/db';
import type { RatingSummary } from '@shop/domain/review';
import { and, count, eq, sql } from 'drizzle-orm';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Takes the product's row lock for the rest of the transaction. Every change to a product's reviews does this
 * first, so two reviews written at the same moment recompute the rating one after the other, each seeing the
 * other's committed row (an UPDATE alone would read the reviews as of its own start and could miss one).
 * Answers false when there is no such product.
 */
export async function lockProduct(tx: Tx, productId: string): Promise<boolean> {
  const rows = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
  return rows.length > 0;
}

/** products.rating_average / rating_count from the approved reviews (average to one decimal), in the caller's transaction. */
export async function refreshProductRating(tx: Tx, productId: string): Promise<void> {
  const approved = and(eq(productReviews.productId, productId), eq(productReviews.state, 'approved'));
  await tx
    .update(products)
    .set({
      ratingAverage: sql`coalesce((select round(avg(${productReviews.rating})::numeric, 1) from ${productReviews} where ${approved}), 0)`,
      ratingCount: sql`(select count(*) from ${productReviews} where ${approved})`,
    })
    .where(eq(products.id, productId));
}

/** Average, count and the count per star of a product's approved reviews. */
export async function ratingSummary(db: Pick<Database, 'select'>, productId: string): Promise<RatingSummary> {
  const rows = await db
    .select({ rating: productReviews.rating, n: count() })
    .from(productReviews)
    .where(and(eq(productReviews.productId, productId), eq(productReviews.state, 'approved')))
    .groupBy(productReviews.rating);
  const distribution = [0, 0, 0, 0, 0];
  let total = 0;
  let sum = 0;
  for (const { rating, n } of rows) {
    distribution[rating - 1] = Number(n);
    total += Number(n);
    sum += rating * Number(n);
  }
  return { average: total > 0 ? Math.round((sum / total) * 10) / 10 : 0, count: total, distribution };
}
