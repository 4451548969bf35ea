import { type Database, orderLines, orders, orderStatusHistory, products, productVariants } from '@shop/db';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import type { Tx } from '../orders/coupons.ts';
import { productMoves } from '../orders/stock.ts';
import { writePaidMessage } from './apply-payment.ts';
import { EXPIRED_NOTE } from './cancel-unpaid.ts';
import type { PaymentProvider } from './provider.ts';

/** Thrown inside the transaction when a unit is gone: everything taken so far is undone. */
class StockGone extends Error {}

export type LatePaymentOutcome = 'none' | 'reserved' | 'refunding' | 'refund_failed';

/** Takes the order's units again, in the global lock order (orders/stock.ts); false at the first row short. */
async function takeAgain(tx: Tx, lines: Array<{ productId: string; variantId: string | null; quantity: number }>): Promise<boolean> {
  for (const move of productMoves(lines)) {
    for (const { variantId, quantity } of move.variants) {
      const [taken] = await tx
        .update(productVariants)
        .set({ stock: sql`${productVariants.stock} - ${quantity}` })
        .where(and(eq(productVariants.id, variantId), eq(productVariants.productId, move.productId), gte(productVariants.stock, quantity)))
        .returning({ id: productVariants.id });
      if (!taken) return false;
    }
    const [taken] = await tx
      .update(products)
      .set(
        move.variants.length
          ? { stock: sql`greatest(${products.stock} - ${move.quantity}, 0)`, unitsSold: sql`${products.unitsSold} + ${move.quantity}` }
          : { stock: sql`${products.stock} - ${move.quantity}`, unitsSold: sql`${products.unitsSold} + ${move.quantity}` },
      )
      .where(
        move.variants.length
          ? eq(products.id, move.productId)
          : and(eq(products.id, move.productId), eq(products.published, true), gte(products.stock, move.quantity)),
      )
      .returning({ id: products.id });
    if (!taken) return false;
  }
  return true;
}

/**
 * A payment confirmed for an order that had already been cancelled (flagged `paid_after_cancellation` by markPaid). One
 * cancelled because its reservation expired is placed again if every unit is still there, its stock taken again in
 * one transaction; otherwise (units gone, or cancelled by the customer or staff) the payment is refunded in full,
 * and the refund.processed webhook makes it `refunded`.
 * Called once the payment is captured (an authorised payment cannot be refunded; Razorpay captures it moments later).
 * Exactly once: both paths start with a conditional update of the flag (`paid_after_cancellation` → cleared, or →
 * `late_payment_refunded`), so the browser's confirmation and a webhook arriving together settle it once. The coupon
 * the order used stays given back (the customer keeps the price they paid). Runs after the report's own commit: the
 * refund is a network call.
 */
export async function settleLatePayment(db: Database, provider: PaymentProvider, orderId: string): Promise<LatePaymentOutcome> {
  // Only an order the shop cancelled for want of payment is placed again; one the customer or staff cancelled is not.
  // One indexed read, and nothing at all for the usual payment of an order that was never cancelled.
  const [cancellation] = await db
    .select({ note: orderStatusHistory.note })
    .from(orderStatusHistory)
    .innerJoin(orders, eq(orders.id, orderStatusHistory.orderId))
    .where(
      and(
        eq(orderStatusHistory.orderId, orderId),
        eq(orderStatusHistory.status, 'cancelled'),
        eq(orders.status, 'cancelled'),
        eq(orders.paymentFlag, 'paid_after_cancellation'),
      ),
    )
    .orderBy(desc(orderStatusHistory.at))
    .limit(1);
  if (!cancellation) return 'none';
  const expired = cancellation.note === EXPIRED_NOTE;
  const reserved = !expired
    ? false
    : await db
        .transaction(async (tx) => {
          const [claimed] = await tx
            .update(orders)
            .set({ status: 'placed', paymentFlag: null })
            .where(and(eq(orders.id, orderId), eq(orders.status, 'cancelled'), eq(orders.paymentFlag, 'paid_after_cancellation')))
            .returning({ number: orders.number, userId: orders.userId, totalItems: orders.totalItems, amount: orders.amountPaid });
          if (!claimed) return null;
          const lines = await tx
            .select({ productId: orderLines.productId, variantId: orderLines.variantId, quantity: orderLines.quantity })
            .from(orderLines)
            .where(eq(orderLines.orderId, orderId));
          if (!(await takeAgain(tx, lines))) throw new StockGone();
          await tx.insert(orderStatusHistory).values({
            orderId,
            status: 'placed',
            actor: 'shop',
            actorUserId: null,
            note: 'Paid after its reservation expired: the stock was reserved again',
          });
          await writePaidMessage(tx, orderId);
          return true;
        })
        .catch((error: unknown) => {
          if (error instanceof StockGone) return false;
          throw error;
        });
  if (reserved === null) return 'none';
  if (reserved) return 'reserved';

  const [claimed] = await db
    .update(orders)
    .set({ paymentFlag: 'late_payment_refunded' })
    .where(and(eq(orders.id, orderId), eq(orders.status, 'cancelled'), eq(orders.paymentFlag, 'paid_after_cancellation')))
    .returning({ paymentId: orders.providerPaymentId });
  if (!claimed?.paymentId) return 'none';
  try {
    const reason = expired ? 'Paid after the reservation expired; the items were sold out' : 'Paid after the order was cancelled';
    await provider.refund(claimed.paymentId, { notes: { reason, order_id: orderId } });
    return 'refunding';
  } catch {
    // Staff see the flag and refund by hand; the payment is kept as captured.
    await db.update(orders).set({ paymentFlag: 'late_payment_refund_failed' }).where(eq(orders.id, orderId));
    return 'refund_failed';
  }
}
