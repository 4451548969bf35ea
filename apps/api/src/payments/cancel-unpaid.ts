import { type Database, orderLines, orders, orderStatusHistory } from '@shop/db';
import { and, eq, inArray, isNotNull, lte } from 'drizzle-orm';
import { releaseCoupon } from '../orders/coupons.ts';
import { returnStock } from '../orders/stock.ts';

/** The note of an expiry's cancellation: a payment arriving later may place such an order again (late-payment.ts). */
export const EXPIRED_NOTE = 'Not paid in time: the reservation expired';

/** A prepaid order still waiting for its money: placed, and its payment pending or failed (the shopper may retry). */
export const UNPAID = ['pending', 'failed'] as const;

/**
 * Cancels a prepaid order that was never paid and gives its stock and coupon use back, exactly once: the cancelling
 * update is conditional (still placed, still unpaid, and for an expiry still past its time), so of an expiry pass,
 * a second API instance's pass and a payment confirmation arriving at the same moment, one changes the row and the
 * others find nothing to do. The row lock the update takes orders them; a payment confirmed first makes it unpaid no
 * longer, and the cancel does nothing. Returns whether it cancelled, and whether units came back in stock.
 */
export async function cancelUnpaid(
  db: Database,
  orderId: string,
  reason: { note: string; expiredBy?: Date },
): Promise<{ cancelled: boolean; cameBack: boolean }> {
  return db.transaction(async (tx) => {
    const [cancelled] = await tx
      .update(orders)
      .set({ status: 'cancelled', reservationExpiresAt: null })
      .where(
        and(
          eq(orders.id, orderId),
          eq(orders.status, 'placed'),
          eq(orders.paymentMethod, 'prepaid'),
          inArray(orders.paymentStatus, [...UNPAID]),
          ...(reason.expiredBy ? [isNotNull(orders.reservationExpiresAt), lte(orders.reservationExpiresAt, reason.expiredBy)] : []),
        ),
      )
      .returning({ id: orders.id });
    if (!cancelled) return { cancelled: false, cameBack: false };
    await tx.insert(orderStatusHistory).values({ orderId, status: 'cancelled', actor: 'shop', actorUserId: null, note: reason.note });
    const lines = await tx
      .select({ productId: orderLines.productId, variantId: orderLines.variantId, quantity: orderLines.quantity })
      .from(orderLines)
      .where(eq(orderLines.orderId, orderId));
    const moved = await returnStock(tx, lines);
    await releaseCoupon(tx, orderId);
    return { cancelled: true, cameBack: moved.cameBack };
  });
}

/** Prepaid orders whose reservation ran out before they were paid, oldest first (the partial index serves it). */
export async function expiredReservations(db: Database, now: Date, limit = 100): Promise<string[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .where(
      and(
        isNotNull(orders.reservationExpiresAt),
        lte(orders.reservationExpiresAt, now),
        inArray(orders.paymentStatus, [...UNPAID]),
        eq(orders.status, 'placed'),
      ),
    )
    .orderBy(orders.reservationExpiresAt)
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * One expiry pass: every prepaid order unpaid past its reservation is cancelled and its stock released. Safe to run
 * in several API instances at once (cancelUnpaid is exactly once per order). Returns how many it cancelled.
 */
export async function expireReservations(db: Database, now = new Date(), onStockBack?: () => Promise<void>): Promise<number> {
  let total = 0;
  for (;;) {
    const ids = await expiredReservations(db, now);
    let cameBack = false;
    let cancelled = 0;
    for (const id of ids) {
      const result = await cancelUnpaid(db, id, { note: EXPIRED_NOTE, expiredBy: now });
      if (result.cancelled) cancelled += 1;
      cameBack ||= result.cameBack;
    }
    total += cancelled;
    if (cameBack) await onStockBack?.();
    // A full batch of which another instance took every order: the next pass will see what is left.
    if (ids.length < 100 || cancelled === 0) return total;
  }
}
