import { collectDefaultMetrics, Counter, Registry } from 'prom-client';

/**
 * The process's Prometheus metrics that any code may count (decision 053): import the counter and call `.inc()` where
 * the thing happens. Served with the per-app HTTP and outbox metrics at GET /metrics (plugins/metrics.ts).
 *
 * One registry per process, not per app: a counter is a fact about the process (tests build many apps in one process
 * and read differences, never absolute values).
 */
export const processRegistry = new Registry();

/** Orders written (a 201 of POST /api/user/order; a replayed idempotent request is not a new order), by payment method. */
export const ordersPlaced = new Counter({
  name: 'shop_orders_placed_total',
  help: 'Orders placed',
  labelNames: ['payment_method'] as const,
  registers: [processRegistry],
});

/** Payments received, by method: for the payments issue to count where a payment is confirmed. */
export const paymentsReceived = new Counter({
  name: 'shop_payments_received_total',
  help: 'Payments received',
  labelNames: ['method'] as const,
  registers: [processRegistry],
});

let defaultsStarted = false;

/**
 * Node's own metrics (event-loop lag, heap, GC, CPU, open handles) with the `nodejs_`/`process_` names, once per
 * process; started by the first app that serves /metrics rather than on import, so code that only counts starts no
 * event-loop monitor.
 */
export function startProcessMetrics(): void {
  if (defaultsStarted) return;
  defaultsStarted = true;
  collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
}
