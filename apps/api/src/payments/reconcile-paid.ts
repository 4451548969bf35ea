import { type Database, orders } from '@shop/db';
import { CAPTURED_STATUSES, PREPAID } from '@shop/domain/payment';
import { and, desc, eq, gte, inArray, isNotNull, isNull, lte } from 'drizzle-orm';
import type { ProviderPayment } from './provider.ts';

/**
 * Paid online orders asked about once (decision 148), to find a second captured payment whose webhooks were all lost:
 * the part of the reconciliation (reconcile.ts) the open orders' part cannot see, since an order already paid is never
 * open again. Each is asked once its checkout has had its time (DEFAULT_PAID_CHECK_AFTER_SECONDS, reconcile-defaults.ts),
 * and then never again: `orders.payments_checked_at` records the answer, so the pass costs one provider call per paid
 * order, not one per order per pass. A second payment captured after that question is found by its own webhooks only.
 * Whatever is found goes through the second-payment path (second-payment.ts, decision 146) as a webhook's report:
 * recorded once, refunded once, flagged once, whichever of this check and the payment's webhooks comes first.
 */

export interface PaidOrder {
  id: string;
  providerOrderId: string;
  /** The payment whose money the order holds: every other captured payment of its provider order is a second one. */
  providerPaymentId: string;
}

/**
 * Paid online orders placed between `placed.from` and `placed.to` whose payments were never asked about, newest first
 * (the partial index orders_payments_unchecked_idx holds just these, by age).
 */
export async function paidOrdersToCheck(db: Database, placed: { from: Date; to: Date }, limit: number): Promise<PaidOrder[]> {
  return db
    .select({ id: orders.id, providerOrderId: orders.providerOrderId, providerPaymentId: orders.providerPaymentId })
    .from(orders)
    .where(
      and(
        eq(orders.paymentMethod, PREPAID),
        isNotNull(orders.providerOrderId),
        isNotNull(orders.providerPaymentId),
        isNull(orders.paymentsCheckedAt),
        inArray(orders.paymentStatus, [...CAPTURED_STATUSES]),
        lte(orders.createdAt, placed.to),
        gte(orders.createdAt, placed.from),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(limit) as Promise<PaidOrder[]>;
}

/** The captured payments of the order's provider order other than the one that paid it: each is a second payment. */
export function otherCaptures(order: PaidOrder, payments: ProviderPayment[]): ProviderPayment[] {
  return payments.filter(
    (payment) =>
      payment.status === 'captured' && payment.id !== order.providerPaymentId && (payment.orderId === null || payment.orderId === order.providerOrderId),
  );
}

/**
 * The provider answered for the order's payments (or refused to: asking again would be refused the same way): it is
 * not asked again. An order the provider could not answer for is not marked, and the next pass asks.
 */
export async function markPaymentsChecked(db: Database, orderId: string, now: Date): Promise<void> {
  await db.update(orders).set({ paymentsCheckedAt: now }).where(eq(orders.id, orderId));
}
