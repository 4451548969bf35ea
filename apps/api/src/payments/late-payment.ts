import { type Database, orderLines, orders, orderStatusHistory, products, productVariants } from '@shop/db';
import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { Refusal } from '../lib/refusal.ts';
import { retakeCoupon, type Tx } from '../orders/coupons.ts';
import { productMoves } from '../orders/stock.ts';
import { writePaidMessage } from './apply-payment.ts';
import { EXPIRED_NOTE } from './cancel-unpaid.ts';
import { nextFlagOnceSettled, setFlag, SETTLING_FLAG, settlingFlagClaimed } from './payment-flag.ts';
import type { PaymentProvider } from './provider.ts';
import { lockPayment, REFUNDABLE_STATUSES } from './refund-ledger.ts';
import { reserveRefund, sendRefund } from './refund-order.ts';

/** Captured money, some or all of it perhaps given back by staff already. */
const SETTLED_STATUSES: string[] = [...REFUNDABLE_STATUSES, 'refunded'];

/** Thrown inside the transaction when a unit is gone: everything taken so far is undone. */
class StockGone extends Error {}

/** `already_refunded`: staff had given the money back before the late payment was settled; nothing more was asked. */
export type LatePaymentOutcome = 'none' | 'reserved' | 'refunding' | 'already_refunded' | 'refund_failed';

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
 * Places an expired order again, taking back its stock and its coupon's use and marking its invoice due, in one
 * transaction: true; false when a unit is gone (nothing taken); null when another caller settled it first.
 */
async function placeAgain(db: Database, orderId: string): Promise<boolean | null> {
  return db
    .transaction(async (tx) => {
      const [claimed] = await tx
        .update(orders)
        // Paid, and placed again: its GST invoice is due now (decision 109; markPaid left it, the order being cancelled).
        // Its settling flag goes; one raised while it stood (a second payment's, say) takes its place (decision 148).
        .set({ status: 'placed', ...nextFlagOnceSettled(), invoiceDueAt: sql`coalesce(${orders.invoiceDueAt}, now())` })
        .where(and(eq(orders.id, orderId), eq(orders.status, 'cancelled'), eq(orders.paymentFlag, SETTLING_FLAG)))
        .returning({ userId: orders.userId, couponId: orders.couponId });
      if (!claimed) return null;
      // A resolution of the settling flag is over: what is shown now (if anything) is news to staff (decision 150).
      await settlingFlagClaimed(tx, orderId);
      const lines = await tx
        .select({ productId: orderLines.productId, variantId: orderLines.variantId, quantity: orderLines.quantity })
        .from(orderLines)
        .where(eq(orderLines.orderId, orderId));
      if (!(await takeAgain(tx, lines))) throw new StockGone();
      // The expiry gave the coupon's use back; the order holds it again (after the stock: decision 017's lock order).
      await retakeCoupon(tx, { id: orderId, couponId: claimed.couponId, userId: claimed.userId });
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
}

/**
 * The payment of a cancelled order given back through the refund ledger (decision 063), as staff's refunds are: in
 * ONE transaction under the order's row lock, the flag is claimed (`paid_after_cancellation` → `late_payment_refunded`)
 * and the refund written `requested` for all that is still refundable; after the commit the provider is called with
 * our row id in its notes, and the webhooks settle the row like any other. So of the browser, a webhook and the
 * reconciliation settling at once, one claims and asks; and a staff refund, before or after, is judged against it.
 */
async function refundLate(db: Database, provider: PaymentProvider, orderId: string, reason: string): Promise<LatePaymentOutcome> {
  const reserved = await db.transaction(async (tx) => {
    const order = await lockPayment(tx, orderId);
    // Only captured money can be given back: an authorised payment waits for its capture (whose report settles it).
    if (!order || !SETTLED_STATUSES.includes(order.paymentStatus)) return null;
    const [claimed] = await tx
      .update(orders)
      .set({ paymentFlag: 'late_payment_refunded' })
      .where(and(eq(orders.id, orderId), eq(orders.status, 'cancelled'), eq(orders.paymentFlag, SETTLING_FLAG)))
      .returning({ id: orders.id });
    if (!claimed) return null;
    await settlingFlagClaimed(tx, orderId);
    try {
      return await reserveRefund(tx, order, { orderId, kind: 'cancellation', reason, restock: false });
    } catch (error) {
      // Staff refunded it all already (or all but less than the provider's minimum): nothing more to ask for.
      if (error instanceof Refusal && (error.code === 'refund_order_not_paid' || error.code === 'refund_amount_invalid')) return 'settled' as const;
      throw error;
    }
  });
  if (!reserved) return 'none';
  if (reserved === 'settled') return 'already_refunded';
  try {
    await sendRefund(db, provider, reserved.row, reserved.paymentId);
    return 'refunding';
  } catch (error) {
    if (!(error instanceof Refusal)) throw error;
    // The provider refused it (no answer leaves it under way: decision 142): the row is failed, staff see the flag
    // and refund by hand. The payment is kept as captured.
    await setFlag(db, orderId, 'late_payment_refund_failed');
    return 'refund_failed';
  }
}

/**
 * A payment confirmed for an order that had already been cancelled (flagged `paid_after_cancellation` by markPaid). One
 * cancelled because its reservation expired is placed again if every unit is still there: its stock and its coupon's
 * use taken again in one transaction (the customer keeps the price they paid, decision 121). Otherwise (units gone,
 * or cancelled by the customer or staff) the payment is refunded in full through the refund ledger (refundLate), and
 * the refund.processed webhook makes it `refunded`.
 * Called once the payment is captured (an authorised payment cannot be refunded; Razorpay captures it moments later).
 * Exactly once: both paths start with a conditional update of the flag (`paid_after_cancellation` → cleared, or the
 * flag raised meanwhile shown instead, decision 148; or → `late_payment_refunded`), so the browser's confirmation, a
 * webhook and the reconciliation arriving together settle it once. Runs after the report's own commit: the refund is a
 * network call.
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
        eq(orders.paymentFlag, SETTLING_FLAG),
      ),
    )
    .orderBy(desc(orderStatusHistory.at))
    .limit(1);
  if (!cancellation) return 'none';
  const expired = cancellation.note === EXPIRED_NOTE;
  const placed = expired ? await placeAgain(db, orderId) : false;
  if (placed === null) return 'none';
  if (placed) return 'reserved';
  return refundLate(db, provider, orderId, expired ? 'Paid after the reservation expired; the items were sold out' : 'Paid after the order was cancelled');
}
