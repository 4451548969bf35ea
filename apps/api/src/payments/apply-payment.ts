import { type Database, orders } from '@shop/db';
import { type PaymentFlag, type PaymentStatus, paymentStatusesBefore, SHOP_CURRENCY } from '@shop/domain/payment';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../orders/coupons.ts';
import { creditInvoice } from '../invoices/credit-note.ts';
import { issueInvoice } from '../invoices/issue-invoice.ts';
import { enqueueOrderConfirmed, enqueueOrderEvent } from '../messages/order-events.ts';
import type { ProviderPayment } from './provider.ts';

/**
 * Applies what a provider reports about a payment to its order (decision 060), from whichever comes first: the
 * browser's verified checkout or a webhook. Every change is ONE conditional UPDATE whose WHERE names the statuses it
 * may replace (packages/domain/src/payment.ts: forward only), so a report applied twice, two reports at once, or a
 * report older than the stored state (webhooks arrive out of order) changes the order at most once and never moves it
 * back from paid. What the report says is checked against the order first: another amount or currency is not applied
 * but flagged for staff.
 */

export type ApplyOutcome = 'applied' | 'ignored' | 'flagged';

export interface PayableOrder {
  id: string;
  grandTotal: number;
}

type Writer = Database | Tx;

/** The order a provider order id belongs to, or null. */
export async function orderOfProviderOrder(db: Writer, provider: string, providerOrderId: string) {
  const [row] = await db
    .select({
      id: orders.id,
      userId: orders.userId,
      status: orders.status,
      grandTotal: orders.grandTotal,
      paymentStatus: orders.paymentStatus,
      amountPaid: orders.amountPaid,
    })
    .from(orders)
    .where(and(eq(orders.paymentProvider, provider), eq(orders.providerOrderId, providerOrderId)))
    .limit(1);
  return row ?? null;
}

/** The mismatch between a reported payment and the order, if any. */
export function mismatchOf(order: PayableOrder, payment: Pick<ProviderPayment, 'amount' | 'currency'>): PaymentFlag | null {
  if (payment.currency !== SHOP_CURRENCY) return 'currency_mismatch';
  if (payment.amount !== order.grandTotal) return 'amount_mismatch';
  return null;
}

async function flag(db: Writer, orderId: string, reason: PaymentFlag): Promise<void> {
  await db
    .update(orders)
    .set({ paymentFlag: sql`coalesce(${orders.paymentFlag}, ${reason})` })
    .where(eq(orders.id, orderId));
}

/** The statuses of an order still waiting for its money: a move out of them is the moment it becomes paid. */
const UNPAID_STATUSES: PaymentStatus[] = ['pending', 'failed'];

/**
 * The payment is authorised or captured: the order is paid. An order cancelled meanwhile (its reservation expired)
 * still records the money, flagged `paid_after_cancellation` so staff refund it or re-reserve. The move out of unpaid is its
 * own conditional update, so exactly one report (browser or webhook) makes it, and only that one writes the
 * customer's "payment received" message, in the same transaction when there is one; a later authorised → captured
 * move is a second update that sends nothing.
 */
export async function markPaid(
  db: Writer,
  order: PayableOrder,
  payment: ProviderPayment,
  to: Extract<PaymentStatus, 'authorized' | 'captured'>,
): Promise<ApplyOutcome> {
  const mismatch = mismatchOf(order, payment);
  if (mismatch) {
    await flag(db, order.id, mismatch);
    return 'flagged';
  }
  const move = (from: PaymentStatus[]) =>
    db
      .update(orders)
      .set({
        paymentStatus: to,
        providerPaymentId: payment.id,
        amountPaid: payment.amount,
        reservationExpiresAt: null,
        paymentFlag: sql`case when ${orders.status} = 'cancelled' then coalesce(${orders.paymentFlag}, 'paid_after_cancellation') else ${orders.paymentFlag} end`,
      })
      .where(and(eq(orders.id, order.id), inArray(orders.paymentStatus, from)))
      .returning({ id: orders.id, number: orders.number, userId: orders.userId, status: orders.status, totalItems: orders.totalItems });
  const [paid] = await move(UNPAID_STATUSES);
  if (paid) {
    if (paid.status !== 'cancelled') {
      await writePaidMessage(db, paid.id);
      // Issue 21: a prepaid order's GST invoice is issued when it is paid (in the same transaction when there is one).
      await issueInvoice(db, paid.id);
    }
    return 'applied';
  }
  const later = paymentStatusesBefore(to).filter((from) => !UNPAID_STATUSES.includes(from));
  if (later.length === 0) return 'ignored';
  const [moved] = await move(later);
  return moved ? 'applied' : 'ignored';
}

/**
 * The customer's confirmation of a prepaid order (issue 21: messages/order-events.ts, in `db`, the payment's
 * transaction when there is one), and the request for its personalisation when it needs one. A cash-on-delivery
 * order's is written when placed.
 */
export async function writePaidMessage(db: Writer, orderId: string): Promise<void> {
  await enqueueOrderConfirmed(db, 'payment-received', orderId);
}

/** The payment failed: a pending order becomes failed (the shopper may retry until the reservation expires); nothing else moves. */
export async function markFailed(db: Writer, order: PayableOrder): Promise<ApplyOutcome> {
  const changed = await db
    .update(orders)
    .set({ paymentStatus: 'failed' })
    .where(and(eq(orders.id, order.id), inArray(orders.paymentStatus, paymentStatusesBefore('failed'))))
    .returning({ id: orders.id });
  // Issue 21: the shopper gets a retry link, once per order (in the webhook's transaction).
  if (changed.length > 0) await enqueueOrderEvent(db, 'payment-failed', order.id);
  return changed.length > 0 ? 'applied' : 'ignored';
}

/**
 * Refunds processed: `refunded` is the payment's total refunded so far (the provider's cumulative figure), so a
 * late or repeated event never counts a refund twice.
 */
export async function markRefunded(db: Writer, order: PayableOrder, refunded: number): Promise<ApplyOutcome> {
  const changed = await db
    .update(orders)
    .set({
      amountRefunded: refunded,
      paymentStatus: sql`case when ${refunded}::int >= ${orders.amountPaid} then 'refunded' else 'partially_refunded' end`,
    })
    .where(and(eq(orders.id, order.id), inArray(orders.paymentStatus, ['captured', 'partially_refunded']), lt(orders.amountRefunded, refunded)))
    .returning({ id: orders.id });
  if (changed.length > 0) {
    // Issue 21: what has been refunded so far is credited against the invoice (a partial refund, a partial credit
    // note), and one message goes per refunded total (a second partial refund is news; a redelivered event is not).
    await creditInvoice(db, order.id, refunded, 'refunded');
    await enqueueOrderEvent(db, 'order-refunded', order.id, { stage: String(refunded), amount: refunded });
  }
  return changed.length > 0 ? 'applied' : 'ignored';
}
