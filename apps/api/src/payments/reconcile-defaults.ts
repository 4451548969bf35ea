/** The reconciliation's defaults (payments/reconcile.ts, README): a pass every 5 minutes, about orders 5 minutes old. */
export const DEFAULT_RECONCILE_EVERY_SECONDS = 300;
export const DEFAULT_RECONCILE_AFTER_SECONDS = 300;
/**
 * How long a refund the provider accepted may stay `pending` before the reconciliation fetches it (reconcile-refunds.ts,
 * decision 146): its webhook comes moments after the bank's answer, and asking sooner than that only spends calls on
 * refunds still at the bank (asked again with a back-off); settling from either side is once-only.
 */
export const DEFAULT_PENDING_REFUND_AFTER_SECONDS = 3_600;
/**
 * How old a paid online order is when the reconciliation asks, once, about its other payments (reconcile-paid.ts,
 * decision 148). A second payment lands while a checkout of the order is still open (a second tab, a UPI request
 * approved later, a bank confirming a first attempt late), within the reservation (15 minutes unless configured):
 * by an hour they have landed, and the one question finds them all. Asked sooner, some would land after it.
 */
export const DEFAULT_PAID_CHECK_AFTER_SECONDS = 3_600;
/**
 * The paid-order question's wait for a shop's reservation: an hour, or the reservation and half an hour more when that is
 * longer, so a checkout left open to the end of its reservation has had its payment land before the one question is
 * asked. At most 24 h 30 min (the longest reservation), well inside the reconciliation's two days.
 */
export function paidCheckAfterMs(reservationMinutes: number): number {
  return Math.max(DEFAULT_PAID_CHECK_AFTER_SECONDS * 1000, (reservationMinutes + 30) * 60_000);
}
