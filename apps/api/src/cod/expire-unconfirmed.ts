import { type Database, orderLines, orders, orderStatusHistory } from '@shop/db';
import { and, eq, isNotNull, isNull, lte } from 'drizzle-orm';
import { releaseCoupon } from '../orders/coupons.ts';
import { returnStock } from '../orders/stock.ts';

/** The note of the cancellation the customer and staff see in the order's history. */
export const UNCONFIRMED_NOTE = 'Cash on delivery not confirmed in time';

/**
 * Cancels one COD order whose confirmation time ran out, exactly once (decision 066): the cancelling update is
 * conditional (still placed, still unconfirmed, still past its time), so an expiry pass in another API instance, the
 * shopper's confirmation at the same moment or a cancellation by hand make it change nothing. Stock and the coupon's
 * use come back in the same transaction, as with any cancellation (the pattern of payments/cancel-unpaid.ts).
 */
export async function cancelUnconfirmed(db: Database, orderId: string, now: Date): Promise<{ cancelled: boolean; cameBack: boolean }> {
  return db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(orders)
      .set({ status: 'cancelled', updatedAt: now })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.status, 'placed'),
          isNotNull(orders.codConfirmation),
          isNull(orders.codConfirmedAt),
          lte(orders.codConfirmBy, now),
        ),
      )
      .returning({ id: orders.id });
    if (!cancelled) return { cancelled: false, cameBack: false };
    await tx.insert(orderStatusHistory).values({ orderId, status: 'cancelled', actor: 'shop', actorUserId: null, note: UNCONFIRMED_NOTE, at: now });
    const lines = await tx
      .select({ productId: orderLines.productId, variantId: orderLines.variantId, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId));
    const moved = await returnStock(tx, lines);
    await releaseCoupon(tx, orderId);
    return { cancelled: true, cameBack: moved.cameBack };
  });
}

/** One pass: every COD order unconfirmed past its time is cancelled (the partial index finds them). Returns how many. */
export async function expireUnconfirmed(db: Database, now = new Date(), onStockBack?: () => Promise<void>): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await db
      .select({ id: orders.id })
      .from(orders)
      .where(and(isNotNull(orders.codConfirmBy), isNull(orders.codConfirmedAt), lte(orders.codConfirmBy, now), eq(orders.status, 'placed')))
      .orderBy(orders.codConfirmBy)
      .limit(100);
    let cancelled = 0;
    let cameBack = false;
    for (const { id } of rows) {
      const result = await cancelUnconfirmed(db, id, now);
      if (result.cancelled) cancelled += 1;
      cameBack ||= result.cameBack;
    }
    total += cancelled;
    if (cameBack) await onStockBack?.();
    if (rows.length < 100 || cancelled === 0) return total;
  }
}
