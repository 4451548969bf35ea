import { type Database, orders } from '@shop/db';
import { CAPTURED_STATUSES, CASH_ON_DELIVERY, PREPAID } from '@shop/domain/payment';
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
 *
 * Orders switched to cash on delivery (decision 141) keep their provider order, and a payment can land on it after the
 * switch; the open orders' part asks only prepaid orders, so one whose webhooks were all lost was never found. They
 * are asked once too, at the same age (decision 150), and a payment found is reported as its webhook would have been,
 * through the path for a payment after the switch (apply-payment.ts payInsteadOfCash): before shipping the order
 * becomes prepaid and paid, after it the payment is flagged `paid_after_cod_switch`.
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

/** An order switched to cash on delivery that keeps its provider order: a payment on it may have landed after the switch. */
export interface SwitchedOrder {
  id: string;
  providerOrderId: string;
}

/**
 * Orders switched to cash on delivery placed between `placed.from` and `placed.to` whose provider order was never asked
 * about, newest first (orders_switched_unchecked_idx holds just these: a cash-on-delivery order placed as such has no
 * provider order), whatever their status: a payment on a cancelled or shipped one is flagged for staff.
 */
export async function switchedOrdersToCheck(db: Database, placed: { from: Date; to: Date }, limit: number): Promise<SwitchedOrder[]> {
  return db
    .select({ id: orders.id, providerOrderId: orders.providerOrderId })
    .from(orders)
    .where(
      and(
        eq(orders.paymentMethod, CASH_ON_DELIVERY),
        isNotNull(orders.providerOrderId),
        isNull(orders.paymentsCheckedAt),
        lte(orders.createdAt, placed.to),
        gte(orders.createdAt, placed.from),
      ),
    )
    .orderBy(desc(orders.createdAt))
    .limit(limit) as Promise<SwitchedOrder[]>;
}

/**
 * The reports a switched order's payments make, as their webhooks would have: every captured payment (the first takes
 * the cash's place or is flagged; any other is then a second payment, decision 146), or, none captured, an authorised
 * one. Failed attempts are not reported: they were why the shopper switched, and the order's cash is still to come.
 */
export function reportsOnSwitchedOrder(
  order: SwitchedOrder,
  payments: ProviderPayment[],
): Array<{ type: 'payment.captured' | 'payment.authorized'; payment: ProviderPayment }> {
  const ours = payments.filter((payment) => payment.orderId === null || payment.orderId === order.providerOrderId);
  const captured = ours.filter((payment) => payment.status === 'captured');
  if (captured.length > 0) return captured.map((payment) => ({ type: 'payment.captured', payment }));
  const authorised = ours.find((payment) => payment.status === 'authorized');
  return authorised ? [{ type: 'payment.authorized', payment: authorised }] : [];
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
