/**
 * When to refresh the access token (spec §4 Auth, §9): 10 minutes before it expires, or at once when
 * under 15 minutes remain. Pure, so the rule is tested without timers.
 */
const refreshLeadMs = 10 * 60_000;
const refreshAtOnceBelowMs = 15 * 60_000;

/** Milliseconds to wait before refreshing a token that expires at `expSeconds` (JWT `exp`), seen at `nowMs`. */
export function refreshDelayMs(expSeconds: number, nowMs: number): number {
  const remaining = expSeconds * 1000 - nowMs;
  if (remaining < refreshAtOnceBelowMs) return 0;
  return remaining - refreshLeadMs;
}
