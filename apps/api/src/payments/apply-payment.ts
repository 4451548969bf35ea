import { type Database, orders } from '@shop/db';
import { type PaymentFlag, type PaymentStatus, paymentStatusesBefore, SHOP_CURRENCY } from '@shop/domain/payment';
import { and, eq, inArray, lt, sql } from 'drizzle-orm';
import type { Tx } from '../orders/coupons.ts';
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

/**
 * The payment is authorised or captured: the order is paid. An order cancelled meanwhile (its reservation expired)
 * still records the money, flagged `paid_after_expiry` so staff refund it or re-reserve.
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
  const changed = await db
    .update(orders)
    .set({
      paymentStatus: to,
      providerPaymentId: payment.id,
      amountPaid: payment.amount,
      reservationExpiresAt: null,
      paymentFlag: sql`case when ${orders.status} = 'cancelled' then coalesce(${orders.paymentFlag}, 'paid_after_expiry') else ${orders.paymentFlag} end`,
    })
    .where(and(eq(orders.id, order.id), inArray(orders.paymentStatus, paymentStatusesBefore(to))))
    .returning({ id: orders.id });
  return changed.length > 0 ? 'applied' : 'ignored';
}

/** The payment failed: a pending order becomes failed (the shopper may retry until the reservation expires); nothing else moves. */
export async function markFailed(db: Writer, order: PayableOrder): Promise<ApplyOutcome> {
  const changed = await db
    .update(orders)
    .set({ paymentStatus: 'failed' })
    .where(and(eq(orders.id, order.id), inArray(orders.paymentStatus, paymentStatusesBefore('failed'))))
    .returning({ id: orders.id });
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
  return changed.length > 0 ? 'applied' : 'ignored';
}
