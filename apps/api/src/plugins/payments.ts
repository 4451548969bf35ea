import type { AddressInfo } from 'node:net';
import type { Database } from '@shop/db';
import { DEFAULT_PAYMENT_RESERVATION_MINUTES } from '@shop/domain/payment';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { expireReservations } from '../payments/cancel-unpaid.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { reconcilePayments, type ReconcileReport } from '../payments/reconcile.ts';
import { DEFAULT_RECONCILE_AFTER_SECONDS, DEFAULT_RECONCILE_EVERY_SECONDS, paidCheckAfterMs } from '../payments/reconcile-defaults.ts';
import { LoopbackGateway } from '../payments/razorpay/loopback-gateway.ts';
import { createRazorpayProvider, type RazorpayKeys } from '../payments/razorpay/razorpay-provider.ts';
import { LOOPBACK_CHECKOUT_SCRIPT_PATH } from '../payments/razorpay/loopback-checkout.ts';
import { noPasses, schedulePasses } from '../lib/scheduled-passes.ts';
import type { PaymentDeps } from '../payments/start-checkout.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentDeps & {
      /** The loopback Razorpay when no RAZORPAY_* keys are set (decision 059); null with real keys. */
      gateway: LoopbackGateway | null;
      /** One pass of the reservation expiry (the timer runs it; tests call it). */
      expire(now?: Date): Promise<number>;
      /** One reconciliation pass with the provider (payments/reconcile.ts; the timer runs it; tests call it). */
      reconcile(now?: Date): Promise<ReconcileReport>;
    };
  }
}

interface PaymentsOptions {
  db: Database;
  /** RAZORPAY_KEY_ID/SECRET/WEBHOOK_SECRET; undefined runs the loopback gateway in this process. */
  razorpay?: RazorpayKeys;
  reservationMinutes?: number;
  /** Between expiry passes (ms); false runs none in this app. */
  expiryEveryMs?: number | false;
  /** Between reconciliation passes (ms, PAYMENT_RECONCILE_EVERY_SECONDS); false runs none in this app. */
  reconcileEveryMs?: number | false;
  /** How old an open prepaid order is before the reconciliation asks about it (ms, PAYMENT_RECONCILE_AFTER_SECONDS). */
  reconcileAfterMs?: number;
  /** RAZORPAY_API_URL: the real provider with explicit keys, pointed at another Razorpay API (a test's loopback gateway; never production). */
  razorpayApiUrl?: string;
}

const MINUTE = 60_000;
export const RAZORPAY_WEBHOOK_PATH = '/api/payments/razorpay/webhook';

/**
 * Online payment (issue 20): the provider (Razorpay with the configured keys, else the loopback gateway started here
 * on 127.0.0.1, whose webhooks come back to this API's own webhook route once it listens), and the reservation
 * expiry: every minute, prepaid orders unpaid past their reservation are cancelled and their stock released.
 */
export const paymentsPlugin = fp(
  async function payments(app: FastifyInstance, options: PaymentsOptions) {
    let gateway: LoopbackGateway | null = null;
    let provider: PaymentProvider;
    if (options.razorpay) {
      provider = createRazorpayProvider(options.razorpay, { baseUrl: options.razorpayApiUrl });
    } else {
      gateway = new LoopbackGateway();
      await gateway.start();
      provider = createRazorpayProvider(gateway.keys, { baseUrl: gateway.url });
      app.log.info(
        { gateway: gateway.url, keyId: gateway.keys.keyId },
        'payments: the loopback test gateway stands in for Razorpay (set RAZORPAY_* for the real one)',
      );
      const loopback = gateway;
      app.addHook('onListen', (done) => {
        const address = app.server.address() as AddressInfo | null;
        if (address && typeof address === 'object') {
          const host = ['0.0.0.0', '::'].includes(address.address) ? '127.0.0.1' : address.address;
          loopback.webhookUrl = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}${RAZORPAY_WEBHOOK_PATH}`;
        }
        done();
      });
    }
    const onStockBack = () => app.responseCache.invalidate(undefined, { awaitStorefront: false });
    const expire = (now?: Date) => expireReservations(options.db, now, onStockBack);
    const reservationMinutes = options.reservationMinutes ?? DEFAULT_PAYMENT_RESERVATION_MINUTES;
    const reconcile = (now?: Date) =>
      reconcilePayments(options.db, provider, {
        now,
        afterMs: options.reconcileAfterMs ?? DEFAULT_RECONCILE_AFTER_SECONDS * 1000,
        paidAfterMs: paidCheckAfterMs(reservationMinutes),
        onSettled: (order) => app.log.info(order, 'payments: reconciled an order with the provider'),
      });
    app.decorate('payments', {
      provider,
      reservationMinutes,
      // The loopback's checkout.js stand-in is served by this API, same origin as the storefront (decision 061).
      ...(gateway ? { checkoutScriptUrl: LOOPBACK_CHECKOUT_SCRIPT_PATH } : {}),
      gateway,
      expire,
      reconcile,
    });

    const everyMs = options.expiryEveryMs ?? MINUTE;
    const expiry =
      everyMs === false
        ? noPasses
        : schedulePasses(app, {
            firstMs: everyMs,
            everyMs,
            run: async () => {
              const count = await expire();
              if (count > 0) app.log.info({ cancelled: count }, 'payments: unpaid reservations expired, stock released');
            },
            failure: 'payments: expiry pass failed, will retry',
          });
    // The reconciliation, scheduled as the expiry is: its first pass soon after start-up (a restart after a crash is
    // when a lost webhook matters), then every PAYMENT_RECONCILE_EVERY_SECONDS; one runner across instances.
    const reconcileEveryMs = options.reconcileEveryMs ?? DEFAULT_RECONCILE_EVERY_SECONDS * 1000;
    const reconciliation =
      reconcileEveryMs === false
        ? noPasses
        : schedulePasses(app, {
            firstMs: Math.min(reconcileEveryMs, 30_000),
            everyMs: reconcileEveryMs,
            run: async () => {
              const report = await reconcile();
              // A refund settled by the reconciliation may have put sold-out items back on sale.
              if (report.refunds?.stockCameBack) await onStockBack();
              if (report.refunds && report.refunds.checked > 0) app.log.info({ refunds: report.refunds }, 'payments: reconciled refunds with the provider');
              if (report.failed > 0)
                app.log.warn({ failed: report.failed, checked: report.checked }, 'payments: reconciliation could not ask about some orders, will retry');
            },
            failure: 'payments: reconciliation pass failed, will retry',
          });
    app.addHook('onClose', async () => {
      await Promise.all([expiry.stop(), reconciliation.stop()]);
      await gateway?.close();
    });
  },
  { name: 'payments', dependencies: ['response-cache'] },
);
