import type { Database } from '@shop/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Registry } from 'prom-client';
import { Refusal } from '../lib/refusal.ts';
import { bearerMatches } from '../metrics/bearer.ts';
import { httpRequestDuration, UNMATCHED_ROUTE } from '../metrics/http.ts';
import { outboxBacklog } from '../metrics/outbox-backlog.ts';
import { ordersPlaced, processRegistry, startProcessMetrics } from '../metrics/registry.ts';

/** Outside /api on purpose: the storefront forwards only /api/*, so shoppers cannot reach it through the shop. */
export const METRICS_PATH = '/metrics';

/** The place-order route: its 201 is an order written (a replay of the same idempotency key answers 200). */
const PLACE_ORDER = { method: 'POST', route: '/api/user/order' };

function paymentMethodOf(request: FastifyRequest): string {
  const method = (request.body as { paymentMethod?: unknown } | undefined)?.paymentMethod;
  // The body passed the route's schema to get a 201; the check only keeps label values short and few.
  return typeof method === 'string' && /^[a-z_]{1,20}$/.test(method) ? method : 'unknown';
}

declare module 'fastify' {
  interface FastifyInstance {
    /** This app's own metrics (requests, outbox backlog); the process's are in metrics/registry.ts. */
    metricsRegistry: Registry;
  }
}

/**
 * Prometheus metrics (decision 053, prom-client): request latency by route pattern, orders placed, payments, the
 * outbox backlog (counted on scrape) and Node's own metrics (event-loop lag, memory, GC). Registered before every other
 * plugin, so its hook sees every route; the route that serves them (metricsRoutePlugin) comes after the error handler,
 * so its refusal has the shop's shape.
 */
export const metricsPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
  async function metrics(app: FastifyInstance, options: { db: Database }) {
    startProcessMetrics();
    const registry = new Registry();
    app.decorate('metricsRegistry', registry);
    const duration = httpRequestDuration(registry);
    outboxBacklog(registry, options.db);

    app.addHook('onResponse', (request, reply, done) => {
      const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
      duration.observe({ method: request.method, route, status_code: String(reply.statusCode) }, reply.elapsedTime / 1000);
      if (reply.statusCode === 201 && request.method === PLACE_ORDER.method && route === PLACE_ORDER.route) {
        ordersPlaced.inc({ payment_method: paymentMethodOf(request) });
      }
      done();
    });
  },
  { name: 'metrics' },
);

/** GET /metrics. With METRICS_TOKEN set, scrapes must send `Authorization: Bearer <token>`; unset, it is open. */
export const metricsRoutePlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
  async function metricsRoute(app: FastifyInstance, options: { token?: string }) {
    app.get(METRICS_PATH, { schema: { hide: true } }, async (request, reply) => {
      if (options.token && !bearerMatches(request.headers.authorization, options.token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw new Refusal('not_signed_in');
      }
      const text = (await processRegistry.metrics()) + (await app.metricsRegistry.metrics());
      return reply.header('cache-control', 'no-store').type(processRegistry.contentType).send(text);
    });
  },
  { name: 'metrics-route', dependencies: ['metrics', 'error-handler'] },
);
