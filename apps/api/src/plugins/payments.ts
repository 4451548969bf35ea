import type { AddressInfo } from 'node:net';
import type { Database } from '@shop/db';
import { DEFAULT_PAYMENT_RESERVATION_MINUTES } from '@shop/domain/payment';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { expireReservations } from '../payments/cancel-unpaid.ts';
import type { PaymentProvider } from '../payments/provider.ts';
import { LoopbackGateway } from '../payments/razorpay/loopback-gateway.ts';
import { createRazorpayProvider, type RazorpayKeys } from '../payments/razorpay/razorpay-provider.ts';
import { LOOPBACK_CHECKOUT_SCRIPT_PATH } from '../payments/razorpay/loopback-checkout.ts';
import type { PaymentDeps } from '../payments/start-checkout.ts';

declare module 'fastify' {
  interface FastifyInstance {
    payments: PaymentDeps & {
      /** The loopback Razorpay when no RAZORPAY_* keys are set (decision 059); null with real keys. */
      gateway: LoopbackGateway | null;
      /** One pass of the reservation expiry (the timer runs it; tests call it). */
      expire(now?: Date): Promise<number>;
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
      provider = createRazorpayProvider(options.razorpay);
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
    const onStockBack = () => app.responseCache.invalidate();
    const expire = (now?: Date) => expireReservations(options.db, now, onStockBack);
    app.decorate('payments', {
      provider,
      reservationMinutes: options.reservationMinutes ?? DEFAULT_PAYMENT_RESERVATION_MINUTES,
      // The loopback's checkout.js stand-in is served by this API, same origin as the storefront (decision 061).
      ...(gateway ? { checkoutScriptUrl: LOOPBACK_CHECKOUT_SCRIPT_PATH } : {}),
      gateway,
      expire,
    });

    const everyMs = options.expiryEveryMs ?? MINUTE;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    let closed = false;
    if (everyMs !== false) {
      const pass = () => {
        if (closed) return;
        running = expire()
          .then((count) => {
            if (count > 0) app.log.info({ cancelled: count }, 'payments: unpaid reservations expired, stock released');
          })
          .catch((error: unknown) => app.log.warn({ err: error }, 'payments: expiry pass failed, will retry'))
          .finally(() => {
            running = undefined;
            if (!closed) timer = setTimeout(pass, everyMs).unref();
          });
      };
      app.addHook('onReady', (done) => {
        timer = setTimeout(pass, everyMs).unref();
        done();
      });
    }
    app.addHook('onClose', async () => {
      closed = true;
      clearTimeout(timer);
      await running;
      await gateway?.close();
    });
  },
  { name: 'payments', dependencies: ['response-cache'] },
);
