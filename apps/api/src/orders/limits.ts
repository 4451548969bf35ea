/**
 * The shop's abuse limits on orders and coupons (issue 19), as settings (config.ts reads them from the environment;
 * the README's "Limits" table lists them). The per-line and per-order sizes are not here: they are order rules the
 * storefront's cart follows too (packages/domain/src/order-limits.ts).
 */
export interface OrderLimits {
  /** ORDER_LIMIT_PER_MINUTE: orders one customer may place in any 60 seconds. */
  perMinute: number;
  /** ORDER_LIMIT_PER_HOUR: orders one customer may place in any 60 minutes. */
  perHour: number;
  /** OPEN_COD_ORDERS_MAX: cash-on-delivery orders one customer may have placed and not yet delivered or cancelled. */
  openCod: number;
  /** COUPON_TRIES_PER_15_MIN: codes naming no coupon, per customer and per client address, in 15 minutes. */
  couponTries: number;
}

export const DEFAULT_ORDER_LIMITS: OrderLimits = { perMinute: 3, perHour: 20, openCod: 3, couponTries: 10 };

/** The window of the coupon tries: a guesser waits this long after `couponTries` wrong codes. */
export const COUPON_TRIES_WINDOW_MS = 15 * 60 * 1000;

/**
 * The Retry-After header for a limit's 429 (`order_rate_limited`, `coupon_tries_exceeded`): its `minutes` param in
 * seconds, so a script that reads the header waits as long as the message tells a shopper. Null for anything else.
 */
export function retryAfterOf(error: unknown): string | null {
  const refusal = error as { statusCode?: unknown; params?: { minutes?: unknown } } | null;
  if (refusal?.statusCode !== 429 || typeof refusal.params?.minutes !== 'number') return null;
  return String(refusal.params.minutes * 60);
}
