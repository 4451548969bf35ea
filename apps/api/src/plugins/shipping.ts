import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ShippingDeps } from '../shipping/deps.ts';
import { injectFetch } from '../shipping/inject-fetch.ts';
import type { CarrierProvider } from '../shipping/provider.ts';
import { noPasses, schedulePasses } from '../lib/scheduled-passes.ts';
import { reconcileTracking, type TrackingReconcileReport } from '../shipping/reconcile-tracking.ts';
import { DEFAULT_TRACK_AFTER_SECONDS, DEFAULT_TRACK_EVERY_SECONDS } from '../shipping/reconcile-tracking-defaults.ts';
import { LOOPBACK_SHIPROCKET_ORIGIN, LOOPBACK_SHIPROCKET_PREFIX, LoopbackCarrier } from '../shipping/shiprocket/loopback-carrier.ts';
import { createShiprocketProvider, type ShiprocketCredentials } from '../shipping/shiprocket/shiprocket-provider.ts';

declare module 'fastify' {
  interface FastifyInstance {
    shipping: {
      carrier: CarrierProvider;
      /** The loopback carrier when no SHIPROCKET_* credentials are set (decision 084); null with real ones. */
      loopback: LoopbackCarrier | null;
      deps: () => ShippingDeps;
      /** One tracking reconciliation pass with the carrier (shipping/reconcile-tracking.ts; the timer runs it; tests call it). */
      reconcile(now?: Date): Promise<TrackingReconcileReport>;
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
  /** Between tracking reconciliation passes (ms, SHIPMENT_TRACK_EVERY_SECONDS); false runs none in this app. */
  trackEveryMs?: number | false;
  /** How long a shipment on its way has had no event before the carrier is asked (ms, SHIPMENT_TRACK_AFTER_SECONDS). */
  trackAfterMs?: number;
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
      loopback = new LoopbackCarrier(options.loopbackWebhookToken, app.objectStore);
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
    const deps = (): ShippingDeps => ({
      db: app.db,
      carrier,
      invalidateCatalogue: () => app.responseCache.invalidate(),
      wakeOutbox: () => app.outbox.worker.wake(),
      wakeInvoices: () => app.invoices.issuer.wake(),
      payments: app.payments,
    });
    const reconcile = (now?: Date) =>
      reconcileTracking(deps(), {
        now,
        afterMs: options.trackAfterMs ?? DEFAULT_TRACK_AFTER_SECONDS * 1000,
        onCaughtUp: (shipment) => app.log.info(shipment, 'shipping: caught a shipment up from the carrier tracking'),
      });
    app.decorate('shipping', { carrier, loopback, deps, reconcile });

    // The tracking reconciliation, scheduled as the payments' is (plugins/payments.ts): a first pass some minutes after
    // start-up (the shipments it asks about have been quiet for hours: no hurry), then every
    // SHIPMENT_TRACK_EVERY_SECONDS; one runner across instances (the advisory lock).
    const everyMs = options.trackEveryMs ?? DEFAULT_TRACK_EVERY_SECONDS * 1000;
    const tracking =
      everyMs === false
        ? noPasses
        : schedulePasses(app, {
            firstMs: Math.min(everyMs, 10 * 60_000),
            everyMs,
            run: async () => {
              const report = await reconcile();
              if (report.failed > 0)
                app.log.warn(
                  { failed: report.failed, checked: report.checked },
                  'shipping: tracking reconciliation could not ask about some shipments, will retry',
                );
            },
            failure: 'shipping: tracking reconciliation pass failed, will retry',
          });
    app.addHook('onClose', () => tracking.stop());
  },
  { name: 'shipping', dependencies: ['payments', 'invoices', 'storage'] },
);
