/** The tracking reconciliation's defaults (shipping/reconcile-tracking.ts, README): a pass every 30 minutes, about shipments quiet for 6 hours. */
export const DEFAULT_TRACK_EVERY_SECONDS = 1_800;
export const DEFAULT_TRACK_AFTER_SECONDS = 6 * 3_600;
