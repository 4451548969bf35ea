/** The reconciliation's defaults (payments/reconcile.ts, README): a pass every 5 minutes, about orders 5 minutes old. */
export const DEFAULT_RECONCILE_EVERY_SECONDS = 300;
export const DEFAULT_RECONCILE_AFTER_SECONDS = 300;
