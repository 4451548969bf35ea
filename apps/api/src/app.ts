import { randomBytes } from 'node:crypto';
import type { DatabaseHandle } from '@shop/db';
import { refusalMessage } from '@shop/domain/refusals/index';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AuthSettings } from './auth/create-auth.ts';
import type { Config } from './config.ts';
import { answerClientError } from './lib/client-errors.ts';
import { adminGuardPlugin } from './plugins/admin-guard.ts';
import { authPlugin } from './plugins/auth.ts';
import { csrfPlugin } from './plugins/csrf.ts';
import { dbPlugin } from './plugins/db.ts';
import { docsPlugin } from './plugins/docs.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { helmetPlugin } from './plugins/helmet.ts';
import { housekeepingPlugin } from './plugins/housekeeping.ts';
import { imagesPlugin } from './plugins/images.ts';
import { inputGuardPlugin } from './plugins/input-guard.ts';
import { mediaPlugin } from './plugins/media.ts';
import { metricsPlugin, metricsRoutePlugin } from './plugins/metrics.ts';
import { RequestLogController, requestIdHeaderPlugin } from './plugins/request-log.ts';
import { readinessPlugin } from './health/plugin.ts';
import type { ErrorReporter } from './telemetry/error-reporting.ts';
import { type LogDestination, loggerOptions } from './telemetry/logger.ts';
import { requestIdFor } from './telemetry/request-id.ts';
import { tracingIsOn } from './telemetry/tracing.ts';
import { orderLimitsPlugin } from './plugins/order-limits.ts';
import { DEFAULT_ORDER_LIMITS } from './orders/limits.ts';
import { invoicesPlugin } from './plugins/invoices.ts';
import { outboxPlugin } from './plugins/outbox.ts';
import { messagesPlugin } from './plugins/messages.ts';
import { paymentsPlugin } from './plugins/payments.ts';
import { shippingPlugin } from './plugins/shipping.ts';
import { codPlugin } from './cod/cod-plugin.ts';
import type { OutboxWorkerTiming } from './outbox/worker.ts';
import { rateLimitPlugin } from './plugins/rate-limit.ts';
import { responseCachePlugin } from './plugins/response-cache.ts';
import { deliveryLookupsPlugin } from './plugins/delivery-lookups.ts';
import { createStorefrontNotifier } from './lib/storefront-notifier.ts';
import { storagePlugin } from './plugins/storage.ts';
import { userGuardPlugin } from './plugins/user-guard.ts';
import { createObjectStore } from './storage/create-object-store.ts';
import type { ObjectStore } from './storage/object-store.ts';
import { routes } from './routes/index.ts';

export interface BuildAppOptions {
  config: Pick<Config, 'mediaDir' | 'redisUrl' | 'trustProxy' | 'logLevel'> &
    Partial<Pick<Config, 'responseCacheSeconds' | 'siteUrl' | 'google' | 'nodeEnv' | 'revalidateSecret' | 'storefrontUrl'>> &
    Partial<Pick<Config, 'smtpUrl' | 'mailFrom' | 'smsGatewayUrl' | 'smsGatewayKey' | 'smsTemplate'>> &
    Partial<Pick<Config, 'dataDir'>> &
    Partial<Pick<Config, 'logFormat' | 'metricsToken' | 's3' | 'images' | 'orderLimits'>> &
    Partial<Pick<Config, 'razorpay' | 'paymentReservationMinutes'>> &
    Partial<
      Pick<
        Config,
        'razorpayApiUrl' | 'paymentReconcileEverySeconds' | 'paymentReconcileAfterSeconds' | 'whatsapp' | 'outboxBatchSize' | 'smtpConnections' | 'pdfThreads'
      >
    > &
    Partial<Pick<Config, 'shiprocket' | 'shiprocketApiUrl' | 'shiprocketWebhookToken' | 'shipmentTrackEverySeconds' | 'shipmentTrackAfterSeconds'>> & {
      /** The resolved secret (server.ts: AUTH_SECRET or $DATA_DIR/auth-secret). Tests may omit it: a random one. */
      authSecret?: string;
    };
  /** An open, migrated database; the caller closes it after the app. */
  db: DatabaseHandle;
  /** Fastify logger; defaults to pino at config.logLevel. Tests pass false. */
  logger?: boolean;
  /** Where log lines go instead of stdout (tests read them). */
  logDestination?: LogDestination;
  /** Told about every 5xx (server.ts: Sentry when SENTRY_DSN is set; tests: a spy). */
  reportError?: ErrorReporter;
  /** The outbox worker's timing (tests shorten it), or false for an app that sends nothing itself. */
  outboxWorker?: Partial<OutboxWorkerTiming> | false;
  /** The invoice issuer's batch size and poll (tests), or false for an app that issues no due invoice itself (decision 109). */
  invoiceIssuer?: { batchSize?: number; pollMs?: number } | false;
  /**
   * Where uploads are stored. Default: createObjectStore(config) when the config has a dataDir (server.ts passes the
   * whole Config), else a scratch folder removed when the app closes (tests).
   */
  objectStore?: ObjectStore;
  /** Milliseconds between housekeeping passes (default hourly), or false for none in this app. */
  housekeeping?: number | false;
}

/** Largest request body anywhere; routes that take bodies set tighter limits of their own. */
export const BODY_LIMIT = 64 * 1024;

function authSettings(config: BuildAppOptions['config']): AuthSettings {
  const production = config.nodeEnv === 'production';
  if (production && !config.authSecret) throw new Error('AUTH_SECRET: required in production');
  return {
    siteUrl: config.siteUrl ?? 'http://localhost:3000',
    secret: config.authSecret ?? randomBytes(32).toString('base64url'),
    production,
    google: config.google,
  };
}

/**
 * Builds the API: external plugins, then app plugins, then routes, always in this order
 * (ARCHITECTURE.md, convention 5). Listening is the caller's job (server.ts), so tests use inject().
 */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const app = Fastify({
    logger:
      options.logger === false
        ? false
        : loggerOptions({ level: config.logLevel, format: config.logFormat, destination: options.logDestination, traceIds: tracingIsOn() }),
    // One line per request instead of Fastify's two (plugins/request-log.ts); ids from x-request-id or a UUID.
    logController: new RequestLogController(),
    genReqId: requestIdFor,
    requestIdHeader: false,
    // A hop count becomes a function: Fastify's types take true/false, addresses, or a predicate.
    trustProxy:
      typeof config.trustProxy === 'number'
        ? (
            (hops: number) => (_address: string, index: number) =>
              index < hops
          )(config.trustProxy)
        : config.trustProxy,
    bodyLimit: BODY_LIMIT,
    routerOptions: { maxParamLength: 500, ignoreTrailingSlash: true },
    // A path Fastify cannot decode (a broken percent-escape) never reaches a route or the error handler: answer it in
    // the contract's shape here rather than with Fastify's own FST_ERR_BAD_URL body (found by the fuzzer).
    frameworkErrors: (error, _request, reply: FastifyReply) => {
      const code = error.code === 'FST_ERR_BAD_URL' ? 'invalid_url' : 'bad_request';
      void reply.code(400).send({ message: refusalMessage(code), code });
    },
    // A request Node's parser refuses before Fastify sees it (a URL over the header limit, a bad Content-Length)
    // gets the contract's shape too, not Fastify's default `{ error, message, statusCode }` (found by the fuzzer).
    clientErrorHandler: answerClientError,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // Request ids, the request log line and request metrics first, so every answer (even a 404 or 429) has them.
  await app.register(requestIdHeaderPlugin);
  await app.register(metricsPlugin, { db: options.db.db });

  // External plugins.
  // Edge guards first, so their hooks run before any route's (decision 046): headers, CSRF, bad bytes.
  await app.register(helmetPlugin, { siteUrl: config.siteUrl ?? 'http://localhost:3000' });
  await app.register(csrfPlugin, { siteUrl: config.siteUrl ?? 'http://localhost:3000' });
  await app.register(inputGuardPlugin);
  await app.register(docsPlugin, { siteUrl: config.siteUrl });
  await app.register(rateLimitPlugin, { db: options.db.db, redisUrl: config.redisUrl });

  // App plugins.
  await app.register(dbPlugin, { handle: options.db });
  await app.register(errorHandlerPlugin, { report: options.reportError });
  await app.register(metricsRoutePlugin, { token: config.metricsToken });
  await app.register(responseCachePlugin, {
    handle: options.db,
    seconds: config.responseCacheSeconds ?? 0,
    storefront: createStorefrontNotifier({
      redisUrl: config.redisUrl,
      storefrontUrl: config.storefrontUrl,
      secret: config.revalidateSecret,
      log: app.log,
    }),
  });
  const objectStore = options.objectStore ?? (config.dataDir ? createObjectStore(config as Config) : undefined);
  // Catalogue pictures share the object store only when it is a bucket (S3_*): on local disk they keep their own
  // folder, $DATA_DIR/media, apart from customers' private uploads (decision 093).
  await app.register(mediaPlugin, { mediaDir: config.mediaDir, store: config.s3 ? objectStore : undefined });
  await app.register(imagesPlugin, config.images ?? {});
  await app.register(storagePlugin, { store: objectStore });
  await app.register(readinessPlugin, { redisUrl: config.redisUrl, objectStoreIsRemote: Boolean(config.s3) });
  await app.register(outboxPlugin, {
    db: options.db.db,
    settings: { ...config, production: config.nodeEnv === 'production' },
    worker: options.outboxWorker,
    // The dev transport's console lines are info: a quiet app (tests, LOG_LEVEL=warn) prints none.
    print: options.logger === false || !['info', 'debug', 'trace'].includes(config.logLevel) ? false : undefined,
  });
  // GST invoices that a webhook made due, issued in batches after its commit (decision 109).
  await app.register(invoicesPlugin, {
    db: options.db.db,
    batchSize: options.invoiceIssuer === false ? undefined : options.invoiceIssuer?.batchSize,
    pollMs: options.invoiceIssuer === false ? false : options.invoiceIssuer?.pollMs,
    pdfThreads: config.pdfThreads,
  });
  // Messages to shoppers (issue 21): links' origin, WhatsApp on or off, personalisation reminders.
  await app.register(messagesPlugin, {
    db: options.db.db,
    siteUrl: config.siteUrl ?? 'http://localhost:3000',
    whatsapp: Boolean(config.whatsapp),
    everyMs: options.housekeeping === false ? false : undefined,
  });
  await app.register(authPlugin, { db: options.db.db, settings: authSettings(config) });
  await app.register(adminGuardPlugin);
  await app.register(userGuardPlugin);
  await app.register(housekeepingPlugin, { db: options.db.db, everyMs: options.housekeeping });
  await app.register(orderLimitsPlugin, { db: options.db.db, redisUrl: config.redisUrl, settings: config.orderLimits ?? DEFAULT_ORDER_LIMITS });
  await app.register(paymentsPlugin, {
    db: options.db.db,
    razorpay: config.razorpay,
    reservationMinutes: config.paymentReservationMinutes,
    expiryEveryMs: options.housekeeping === false ? false : undefined,
    razorpayApiUrl: config.razorpayApiUrl,
    reconcileEveryMs: options.housekeeping === false ? false : config.paymentReconcileEverySeconds && config.paymentReconcileEverySeconds * 1000,
    reconcileAfterMs: config.paymentReconcileAfterSeconds === undefined ? undefined : config.paymentReconcileAfterSeconds * 1000,
  });
  // Cash-on-delivery controls (issue 20, decision 065): settings for the order path, the confirmation expiry.
  await app.register(codPlugin, {
    db: options.db.db,
    siteUrl: config.siteUrl ?? 'http://localhost:3000',
    expiryEveryMs: options.housekeeping === false ? false : undefined,
  });

  // Shipping (issue 22, decision 084): Shiprocket, or the loopback carrier this API serves.
  await app.register(shippingPlugin, {
    shiprocket: config.shiprocket,
    apiUrl: config.shiprocketApiUrl,
    loopbackWebhookToken: config.shiprocketWebhookToken,
    trackEveryMs: options.housekeeping === false ? false : config.shipmentTrackEverySeconds && config.shipmentTrackEverySeconds * 1000,
    trackAfterMs: config.shipmentTrackAfterSeconds === undefined ? undefined : config.shipmentTrackAfterSeconds * 1000,
  });

  // The delivery estimate's pincode and product reads, held in memory with the cache on (decision 112).
  await app.register(deliveryLookupsPlugin);

  // Routes.
  await app.register(routes, { production: config.nodeEnv === 'production' });

  return app;
}
