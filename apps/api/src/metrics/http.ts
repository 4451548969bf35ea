import { Histogram, type Registry } from 'prom-client';

/** Seconds; from a cached catalogue read (a few ms) to a slow image upload. */
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/**
 * Request latency by route pattern (`/api/product/:slug`, never the raw URL: one series per route, not per product),
 * method and status. Its `_count` is the request rate: `rate(http_request_duration_seconds_count[5m])`.
 */
export function httpRequestDuration(registry: Registry) {
  return new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from request to answer, by route pattern',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: BUCKETS,
    registers: [registry],
  });
}

/** The route label of a request no route matched: one series, however many URLs scanners try. */
export const UNMATCHED_ROUTE = 'unmatched';
