import { type Database, productReviews, products } from '@shop/db';
import type { RatingSummary } from '@shop/domain/review';
import { and, count, eq } from 'drizzle-orm';

export type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

/**
 * Takes the product's row lock for the rest of the transaction. Every change to a product's reviews does this
 * first (the rating trigger of migration 0012 then takes the same lock again at no cost), so a review and its
 * product are always locked in the same order and writers never deadlock. Answers false when there is no such product.
 */
export async function lockProduct(tx: Tx, productId: string): Promise<boolean> {
  const rows = await tx.select({ id: products.id }).from(products).where(eq(products.id, productId)).for('update');
  return rows.length > 0;
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
