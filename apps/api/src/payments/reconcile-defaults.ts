/** The reconciliation's defaults (payments/reconcile.ts, README): a pass every 5 minutes, about orders 5 minutes old. */
export const DEFAULT_RECONCILE_EVERY_SECONDS = 300;
export const DEFAULT_RECONCILE_AFTER_SECONDS = 300;
/**
 * How long a refund the provider accepted may stay `pending` before the reconciliation fetches it (reconcile-refunds.ts,
 * decision 146): its webhook comes moments after the bank's answer, and asking sooner than that only spends calls on
 * refunds still at the bank (asked again with a back-off); settling from either side is once-only.
 */
export const DEFAULT_PENDING_REFUND_AFTER_SECONDS = 3_600;
