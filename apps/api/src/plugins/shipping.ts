import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ShippingDeps } from '../shipping/deps.ts';
import { injectFetch } from '../shipping/inject-fetch.ts';
import type { CarrierProvider } from '../shipping/provider.ts';
import { LOOPBACK_SHIPROCKET_ORIGIN, LOOPBACK_SHIPROCKET_PREFIX, LoopbackCarrier } from '../shipping/shiprocket/loopback-carrier.ts';
import { createShiprocketProvider, type ShiprocketCredentials } from '../shipping/shiprocket/shiprocket-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    shipping: {
      carrier: CarrierProvider;
      /** The loopback carrier when no SHIPROCKET_* credentials are set (decision 084); null with real ones. */
      loopback: LoopbackCarrier | null;
      deps: () => ShippingDeps;
    };
  }
}

export const SHIPROCKET_WEBHOOK_PATH = '/api/shipping/shiprocket/webhook';
/** The same webhook under a name Shiprocket's panel accepts (it refuses URLs containing "shiprocket"). */
export const TRACKING_WEBHOOK_PATH = '/api/shipping/tracking/webhook';

interface ShippingOptions {
  /** SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD, SHIPROCKET_PICKUP_LOCATION, SHIPROCKET_WEBHOOK_TOKEN; undefined: the loopback. */
  shiprocket?: ShiprocketCredentials;
  /** SHIPROCKET_API_URL: another Shiprocket API for the real adapter (tests and benchmarks; never production). */
  apiUrl?: string;
  /** SHIPROCKET_WEBHOOK_TOKEN without the credentials: the loopback's webhook token (benchmarks send webhooks with it). */
  loopbackWebhookToken?: string;
}

/**
 * Shipping (issue 22): the carrier (Shiprocket with its credentials, else the loopback carrier this API serves under
 * /api/dev/shiprocket, reached by the same adapter through the API's own router), and the services' dependencies.
 */
export const shippingPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
  async function shipping(app: FastifyInstance, options: ShippingOptions) {
    let loopback: LoopbackCarrier | null = null;
    let carrier: CarrierProvider;
    if (options.shiprocket) {
      carrier = createShiprocketProvider(options.shiprocket, { baseUrl: options.apiUrl });
    } else {
      loopback = new LoopbackCarrier(options.loopbackWebhookToken);
      carrier = createShiprocketProvider(loopback.credentials, {
        baseUrl: `${LOOPBACK_SHIPROCKET_ORIGIN}${LOOPBACK_SHIPROCKET_PREFIX}`,
        fetch: injectFetch(app),
      });
      loopback.deliver = async (payload, token) => {
        const answer = await app.inject({ method: 'POST', url: SHIPROCKET_WEBHOOK_PATH, headers: { 'x-api-key': token }, payload: payload as never });
        return { status: answer.statusCode, body: answer.json<unknown>() };
      };
      app.log.info('shipping: the loopback test carrier stands in for Shiprocket (set SHIPROCKET_* for the real one)');
    }
    app.decorate('shipping', {
      carrier,
      loopback,
      deps: () => ({
        db: app.db,
        carrier,
        invalidateCatalogue: () => app.responseCache.invalidate(),
        wakeOutbox: () => app.outbox.worker.wake(),
        wakeInvoices: () => app.invoices.issuer.wake(),
        payments: app.payments,
      }),
    });
  },
  { name: 'shipping', dependencies: ['payments', 'invoices'] },
);
