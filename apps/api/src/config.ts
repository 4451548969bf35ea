import { isIP } from 'node:net';
import { resolve } from 'node:path';
import { z } from 'zod';
import { DEFAULT_SMS_TEMPLATE, smsTemplateProblem } from './outbox/sms-template.ts';
import { DEFAULT_MAIL_FROM } from './outbox/mail-from.ts';
import { DEFAULT_ORDER_LIMITS, type OrderLimits } from './orders/limits.ts';
import { DEFAULT_PAYMENT_RESERVATION_MINUTES } from '@shop/domain/payment';
import type { RazorpayKeys } from './payments/razorpay/razorpay-provider.ts';
import type { ShiprocketCredentials } from './shipping/shiprocket/shiprocket-provider.ts';
import { DEFAULT_RECONCILE_AFTER_SECONDS, DEFAULT_RECONCILE_EVERY_SECONDS } from './payments/reconcile-defaults.ts';
import { DEFAULT_TRACK_AFTER_SECONDS, DEFAULT_TRACK_EVERY_SECONDS } from './shipping/reconcile-tracking-defaults.ts';

/**
 * Settings are read from the environment once, at start-up, and validated here (ARCHITECTURE.md,
 * convention 9). A bad value stops the process with a message that names the variable.
 */

const port = z.coerce.number().int().min(1).max(65_535);
/** A limit's number: a whole count from 1 (a test or a wholesale shop sets it high rather than off). */
const limit = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

/** TRUST_PROXY as Fastify understands it: true/false, a hop count, or a comma-separated list of addresses/CIDRs. */
type TrustProxy = boolean | number | string[];

/**
 * Unset, the API trusts X-Forwarded-For only from its own machine: that is the storefront forwarding /api/*, which
 * appends the shopper's address (apps/web/server.mjs). Anyone else's header is ignored (docs/decisions/016).
 */
const DEFAULT_TRUST_PROXY: TrustProxy = ['loopback'];

/** Names proxy-addr (Fastify's trust check) knows, besides addresses and CIDRs. */
const namedRanges = new Set(['loopback', 'linklocal', 'uniquelocal']);

function isTrustEntry(entry: string): boolean {
  if (namedRanges.has(entry)) return true;
  const [address, bits, ...rest] = entry.split('/');
  const version = isIP(address ?? '');
  if (version === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  const width = Number(bits);
  return /^\d+$/.test(bits) && width <= (version === 4 ? 32 : 128);
}

function parseTrustProxy(value: string): TrustProxy {
  const trimmed = value.trim();
  if (trimmed === '' || trimmed === 'false' || trimmed === '0') return false;
  if (trimmed === 'true') return true;
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  return trimmed
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

const envSchema = z.object({
  API_PORT: port.default(4000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATABASE_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^postgres(ql)?:\/\/.+/.test(value), {
      message: 'must be a postgres:// or postgresql:// URL',
    }),
  DATA_DIR: z.string().min(1).default('./.data'),
  REDIS_URL: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? value : undefined))
    .refine((value) => value === undefined || /^rediss?:\/\/.+/.test(value), {
      message: 'must be a redis:// or rediss:// URL',
    }),
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value) => (value === undefined ? DEFAULT_TRUST_PROXY : parseTrustProxy(value)))
    .refine((value) => !Array.isArray(value) || value.every(isTrustEntry), {
      message: 'must be true, false, a hop count, or a comma-separated list of addresses, CIDRs or loopback/linklocal/uniquelocal',
    }),
  CATALOGUE_CACHE_SECONDS: z.coerce.number().int().min(0).max(3_600).default(30),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  // Identity (issue 3): better-auth's public origin, signing secret and optional Google sign-in.
  SITE_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .transform((value) => new URL(value).origin)
    .optional(),
  /** The storefront's port (npm start passes it on): SITE_URL defaults to http://localhost:$PORT. */
  PORT: port.default(3000),
  AUTH_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  // Issue 23 (decision 095): how the API tells the storefront that cached pages changed, when REDIS_URL is not set.
  REVALIDATE_SECRET: z.string().min(32, { message: 'must be at least 32 characters' }).optional(),
  STOREFRONT_URL: z
    .url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' })
    .transform((value) => new URL(value).origin)
    .optional(),
  GOOGLE_CLIENT_ID: z.string().trim().min(1).optional(),
  GOOGLE_CLIENT_SECRET: z.string().trim().min(1).optional(),
  // Delivery of codes and links (issue 3, outbox): unset means the dev transport (server log + /api/dev/outbox).
  SMTP_URL: z.url({ protocol: /^smtps?$/, message: 'must be an smtp:// or smtps:// URL' }).optional(),
  MAIL_FROM: z
    .string()
    .trim()
    .regex(/^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/, {
      message: 'must be an address, e.g. "Kaarigar Gifts <no-reply@example.com>"',
    })
    .default(DEFAULT_MAIL_FROM),
  SMS_GATEWAY_URL: z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
  SMS_GATEWAY_KEY: z.string().trim().min(1).optional(),
  SMS_TEMPLATE: z
    .string()
    .superRefine((value, context) => {
      const problem = smsTemplateProblem(value);
      if (problem) context.addIssue({ code: 'custom', message: problem });
    })
    .default(DEFAULT_SMS_TEMPLATE),
  // Outbox throughput (issue 21, bench/outbox.mjs): rows claimed per pass, and pooled SMTP connections.
  OUTBOX_BATCH_SIZE: z.coerce.number().int().min(1).max(500).default(10),
  SMTP_CONNECTIONS: z.coerce.number().int().min(1).max(50).default(2),
  // Invoice PDFs drawn on worker threads (decision 132); 0 draws them on the API's own thread.
  PDF_THREADS: z.coerce.number().int().min(0).max(16).default(1),
  // WhatsApp order updates (issue 21, decision 073): off unless both are set, or the loopback double outside production.
  WHATSAPP_PHONE_NUMBER_ID: z
    .string()
    .trim()
    .regex(/^\d{5,20}$/, { message: 'must be the digits of the phone number id' })
    .optional(),
  WHATSAPP_ACCESS_TOKEN: z.string().trim().min(1).optional(),
  WHATSAPP_API_URL: z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).default('https://graph.facebook.com/v21.0'),
  WHATSAPP_LOOPBACK: z.enum(['true', 'false']).default('false'),
  // Uploads (issue 5): unset, they go to $DATA_DIR/uploads; with the four below, to an S3-compatible bucket.
  S3_ENDPOINT: z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
      message: 'must be a bucket name: 3-63 lower-case letters, digits, dots and hyphens',
    })
    .optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_REGION: z
    .string()
    .trim()
    .regex(/^[a-z0-9-]+$/, { message: 'must be a region name such as us-east-1' })
    .optional(),
  S3_FORCE_PATH_STYLE: z
    .enum(['true', 'false'], { message: 'must be true or false' })
    .transform((value) => value === 'true')
    .optional(),
  // Operations (issue 19): log format, metrics, tracing and error reporting.
  LOG_FORMAT: z.enum(['auto', 'json', 'pretty']).default('auto'),
  METRICS_TOKEN: z.string().trim().min(16, { message: 'must be at least 16 characters' }).optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
  OTEL_SERVICE_NAME: z.string().trim().min(1).default('kaarigar-api'),
  SENTRY_DSN: z.url({ protocol: /^https?$/, message: 'must be a DSN URL such as https://key@o1.ingest.sentry.io/1' }).optional(),
  // Uploaded images (issue 19, decision 047): the pixel limit read from headers, and the decode queue.
  IMAGE_MAX_MEGAPIXELS: z.coerce.number().int().min(1).max(100).default(25),
  IMAGE_DECODE_CONCURRENCY: z.coerce.number().int().min(1).max(32).default(2),
  IMAGE_QUEUE_LIMIT: z.coerce.number().int().min(0).max(1_000).default(20),
  // Abuse limits on orders and coupons (issue 19, orders/limits.ts).
  ORDER_LIMIT_PER_MINUTE: limit(DEFAULT_ORDER_LIMITS.perMinute),
  ORDER_LIMIT_PER_HOUR: limit(DEFAULT_ORDER_LIMITS.perHour),
  OPEN_COD_ORDERS_MAX: limit(DEFAULT_ORDER_LIMITS.openCod),
  COUPON_TRIES_PER_15_MIN: limit(DEFAULT_ORDER_LIMITS.couponTries),
  // Online payment (issue 20, decision 059): all three for Razorpay; none for the loopback test gateway.
  RAZORPAY_KEY_ID: z
    .string()
    .trim()
    .regex(/^rzp_(test|live)_[A-Za-z0-9]+$/, { message: 'must be a Razorpay key id, rzp_test_… or rzp_live_…' })
    .optional(),
  RAZORPAY_KEY_SECRET: z.string().trim().min(8, { message: 'must be the key secret from the Razorpay Dashboard' }).optional(),
  RAZORPAY_WEBHOOK_SECRET: z.string().trim().min(8, { message: 'must be at least 8 characters' }).optional(),
  PAYMENT_RESERVATION_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(DEFAULT_PAYMENT_RESERVATION_MINUTES),
  // The reconciliation with Razorpay (payments/reconcile.ts, decision 067).
  PAYMENT_RECONCILE_EVERY_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(DEFAULT_RECONCILE_EVERY_SECONDS),
  PAYMENT_RECONCILE_AFTER_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .default(DEFAULT_RECONCILE_AFTER_SECONDS),
  // The tracking reconciliation with the carrier (shipping/reconcile-tracking.ts, decision 111): how often a pass
  // runs, and how long a shipment on its way has had no tracking event before the carrier is asked about it.
  SHIPMENT_TRACK_EVERY_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(DEFAULT_TRACK_EVERY_SECONDS),
  SHIPMENT_TRACK_AFTER_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(30 * 24 * 3600)
    .default(DEFAULT_TRACK_AFTER_SECONDS),
  // Another Razorpay API for the real provider with explicit keys: a test's loopback gateway in another process
  // (decision 068). Refused in production.
  RAZORPAY_API_URL: z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
  // Shipping (issue 22, decision 084): Shiprocket's API user, its pickup location's nickname and the webhook token;
  // none of the first three for the loopback test carrier.
  SHIPROCKET_EMAIL: z.email({ message: 'must be the e-mail of the Shiprocket API user (Settings > API > Configure)' }).optional(),
  SHIPROCKET_PASSWORD: z.string().min(1).max(200).optional(),
  SHIPROCKET_PICKUP_LOCATION: z.string().trim().min(1).max(100, { message: 'must be a pickup location nickname from the Shiprocket panel' }).optional(),
  SHIPROCKET_WEBHOOK_TOKEN: z
    .string()
    .trim()
    .min(16, { message: 'must be at least 16 characters (the token set with the webhook in the Shiprocket panel)' })
    .optional(),
  // Another Shiprocket API for the real adapter: a test's or benchmark's loopback carrier. Refused in production.
  SHIPROCKET_API_URL: z.url({ protocol: /^https?$/, message: 'must be an http:// or https:// URL' }).optional(),
});

const SHIPROCKET_ALL = ['SHIPROCKET_EMAIL', 'SHIPROCKET_PASSWORD', 'SHIPROCKET_PICKUP_LOCATION', 'SHIPROCKET_WEBHOOK_TOKEN'] as const;

/**
 * Shiprocket when its API user, password and pickup location are set (all three, with the webhook token); undefined
 * runs the loopback carrier, which takes the webhook token alone when given (benchmarks sign with it).
 */
function shiprocketSettings(env_: z.infer<typeof envSchema>): ShiprocketCredentials | undefined {
  const account = SHIPROCKET_ALL.filter((name) => name !== 'SHIPROCKET_WEBHOOK_TOKEN' && env_[name] !== undefined);
  if (account.length === 0) return undefined;
  const missing = SHIPROCKET_ALL.filter((name) => env_[name] === undefined);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid environment: ${missing.join(', ')}: needed because ${account.join(', ')} ${account.length === 1 ? 'is' : 'are'} set (set all four, or none of the first three for the loopback test carrier)`,
    );
  }
  return {
    email: env_.SHIPROCKET_EMAIL!,
    password: env_.SHIPROCKET_PASSWORD!,
    pickupLocation: env_.SHIPROCKET_PICKUP_LOCATION!,
    webhookToken: env_.SHIPROCKET_WEBHOOK_TOKEN!,
  };
}

const RAZORPAY_ALL = ['RAZORPAY_KEY_ID', 'RAZORPAY_KEY_SECRET', 'RAZORPAY_WEBHOOK_SECRET'] as const;

/** Razorpay's keys when all three are set; undefined (the loopback gateway) when none; a half set is refused by name. */
function razorpaySettings(env_: z.infer<typeof envSchema>): RazorpayKeys | undefined {
  const set = RAZORPAY_ALL.filter((name) => env_[name] !== undefined);
  if (set.length === 0) return undefined;
  const missing = RAZORPAY_ALL.filter((name) => env_[name] === undefined);
  if (missing.length > 0) {
    throw new ConfigError(
      `Invalid environment: ${missing.join(', ')}: needed because ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set (set all three, or none for the loopback test gateway)`,
    );
  }
  return { keyId: env_.RAZORPAY_KEY_ID!, keySecret: env_.RAZORPAY_KEY_SECRET!, webhookSecret: env_.RAZORPAY_WEBHOOK_SECRET! };
}

/** Set all four for S3 storage, or none for local disk; S3_REGION and S3_FORCE_PATH_STYLE only tune them. */
const S3_REQUIRED = ['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;
const S3_ALL = [...S3_REQUIRED, 'S3_REGION', 'S3_FORCE_PATH_STYLE'] as const;

interface S3Settings {
  endpoint: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** S3_REGION, us-east-1 by default (what most self-hosted servers expect in the signature). */
  region: string;
  /** S3_FORCE_PATH_STYLE, true by default: `endpoint/bucket/key`, as self-hosted servers need. */
  forcePathStyle: boolean;
}

function s3Settings(env_: z.infer<typeof envSchema>): S3Settings | undefined {
  const set = S3_ALL.filter((name) => env_[name] !== undefined);
  if (set.length === 0) return undefined;
  // A half-configured bucket would silently put uploads on one machine's disk: refuse, naming what is missing.
  const missing = S3_REQUIRED.filter((name) => env_[name] === undefined);
  if (missing.length > 0) {
    const problems = missing.map(
      (name) => `${name}: is needed because ${set.join(', ')} ${set.length === 1 ? 'is' : 'are'} set (set ${S3_REQUIRED.join(', ')} together, or none of S3_*)`,
    );
    throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
  }
  return {
    endpoint: env_.S3_ENDPOINT!,
    bucket: env_.S3_BUCKET!,
    accessKeyId: env_.S3_ACCESS_KEY_ID!,
    secretAccessKey: env_.S3_SECRET_ACCESS_KEY!,
    region: env_.S3_REGION ?? 'us-east-1',
    forcePathStyle: env_.S3_FORCE_PATH_STYLE ?? true,
  };
}

/** WhatsApp's Cloud API with its credentials, or the loopback double (messages/whatsapp/loopback-cloud-api.ts). */
export type WhatsAppConfig = { mode: 'cloud'; baseUrl: string; phoneNumberId: string; accessToken: string } | { mode: 'loopback' };

export interface Config {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /** Absolute. */
  dataDir: string;
  /** Absolute: $DATA_DIR/media, served at /api/media. */
  mediaDir: string;
  /** Absolute: $DATA_DIR/db, PGlite's data folder when no DATABASE_URL. */
  pgliteDir: string;
  redisUrl: string | undefined;
  trustProxy: TrustProxy;
  /** How long the API keeps public catalogue answers in memory; 0 turns the cache off. */
  responseCacheSeconds: number;
  logLevel: z.infer<typeof envSchema>['LOG_LEVEL'];
  nodeEnv: z.infer<typeof envSchema>['NODE_ENV'];
  /** The storefront's public origin (no trailing slash): better-auth's baseURL, so links and cookies point at it. */
  siteUrl: string;
  /** REVALIDATE_SECRET: the storefront's /_shop/revalidate accepts it (without REDIS_URL, the way changes get there). */
  revalidateSecret: string | undefined;
  /** STOREFRONT_URL: where a storefront process listens, for /_shop/revalidate; SITE_URL when unset. */
  storefrontUrl: string | undefined;
  /** AUTH_SECRET; unset means "use the generated one in $DATA_DIR/auth-secret" (see auth/auth-secret.ts). */
  authSecret: string | undefined;
  /** Google sign-in, when both GOOGLE_CLIENT_ID and GOOGLE_CLIENT_SECRET are set. */
  google: { clientId: string; clientSecret: string } | undefined;
  /** SMTP_URL: mail goes out through this server; unset, mail uses the dev transport. */
  smtpUrl: string | undefined;
  /** MAIL_FROM: the sender of every mail. */
  mailFrom: string;
  /** SMS_GATEWAY_URL: SMS goes out through this HTTP gateway; unset, SMS uses the dev transport. */
  smsGatewayUrl: string | undefined;
  /** SMS_GATEWAY_KEY: sent as `Authorization: Bearer <key>` (and available as {key} in the template). */
  smsGatewayKey: string | undefined;
  /** SMS_TEMPLATE: the gateway's JSON body with {phone}, {national}, {message}, {key} placeholders. */
  smsTemplate: string;
  /** S3_*: uploads go to this S3-compatible bucket; unset, to $DATA_DIR/uploads (storage/create-object-store.ts). */
  s3: S3Settings | undefined;
  /** LOG_FORMAT: auto (pretty on a terminal, JSON otherwise), json or pretty. */
  logFormat: z.infer<typeof envSchema>['LOG_FORMAT'];
  /** METRICS_TOKEN: GET /metrics needs `Authorization: Bearer <token>`; unset, /metrics is open (firewall it). */
  metricsToken: string | undefined;
  /** OTEL_EXPORTER_OTLP_ENDPOINT and OTEL_SERVICE_NAME: traces go there over OTLP/HTTP; unset, no tracing at all. */
  otel: { endpoint: string; serviceName: string } | undefined;
  /** SENTRY_DSN: 5xx errors are reported there (telemetry/error-reporting.ts); unset, nothing is sent. */
  sentryDsn: string | undefined;
  /** IMAGE_MAX_MEGAPIXELS, IMAGE_DECODE_CONCURRENCY, IMAGE_QUEUE_LIMIT (plugins/images.ts). */
  images: { maxMegapixels: number; concurrency: number; queueLimit: number };
  /** ORDER_LIMIT_PER_MINUTE, ORDER_LIMIT_PER_HOUR, OPEN_COD_ORDERS_MAX, COUPON_TRIES_PER_15_MIN (orders/limits.ts). */
  orderLimits: OrderLimits;
  /** RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET; unset, the loopback test gateway (payments/). */
  razorpay: RazorpayKeys | undefined;
  /** OUTBOX_BATCH_SIZE and SMTP_CONNECTIONS: how many messages the worker claims and sends at once, over how many SMTP connections. */
  outboxBatchSize: number;
  smtpConnections: number;
  /** PDF_THREADS: worker threads that draw invoice PDFs (invoices/pdf-pool.ts); 0, the API's own thread. */
  pdfThreads: number;
  /** WHATSAPP_*: Meta's Cloud API, or its loopback double (WHATSAPP_LOOPBACK=true, never in production); unset, off. */
  whatsapp: WhatsAppConfig | undefined;
  /** PAYMENT_RESERVATION_MINUTES: how long an unpaid prepaid order holds its stock. */
  paymentReservationMinutes: number;
  /** RAZORPAY_API_URL: the Razorpay API the real provider calls instead of api.razorpay.com (tests only; decision 068). */
  razorpayApiUrl: string | undefined;
  /** PAYMENT_RECONCILE_EVERY_SECONDS and PAYMENT_RECONCILE_AFTER_SECONDS (payments/reconcile.ts). */
  paymentReconcileEverySeconds: number;
  paymentReconcileAfterSeconds: number;
  /** SHIPMENT_TRACK_EVERY_SECONDS and SHIPMENT_TRACK_AFTER_SECONDS (shipping/reconcile-tracking.ts). */
  shipmentTrackEverySeconds: number;
  shipmentTrackAfterSeconds: number;
  /** SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD, SHIPROCKET_PICKUP_LOCATION, SHIPROCKET_WEBHOOK_TOKEN; unset, the loopback carrier. */
  shiprocket: ShiprocketCredentials | undefined;
  /** SHIPROCKET_API_URL: the Shiprocket API the real adapter calls instead of apiv2.shiprocket.in (tests only). */
  shiprocketApiUrl: string | undefined;
  /** SHIPROCKET_WEBHOOK_TOKEN (also alone: the loopback carrier's token, for benchmarks). */
  shiprocketWebhookToken: string | undefined;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd: string = process.cwd()): Config {
  // An empty variable means "not set", as shells and .env files commonly leave them.
  const present = Object.fromEntries(Object.entries(env).filter(([key, value]) => key in envSchema.shape && value !== undefined && value !== ''));
  const result = envSchema.safeParse(present);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${String(issue.path[0])}: ${issue.message}`);
    throw new ConfigError(`Invalid environment: ${problems.join('; ')}`);
  }
  const env_ = result.data;
  if (Boolean(env_.GOOGLE_CLIENT_ID) !== Boolean(env_.GOOGLE_CLIENT_SECRET)) {
    const [set, missing] = env_.GOOGLE_CLIENT_ID ? ['GOOGLE_CLIENT_ID', 'GOOGLE_CLIENT_SECRET'] : ['GOOGLE_CLIENT_SECRET', 'GOOGLE_CLIENT_ID'];
    throw new ConfigError(`Invalid environment: ${set}: needs ${missing} too (set both or neither)`);
  }
  if (env_.SMS_GATEWAY_KEY && !env_.SMS_GATEWAY_URL) {
    throw new ConfigError('Invalid environment: SMS_GATEWAY_KEY: needs SMS_GATEWAY_URL too');
  }
  // A shop on a database server in production has customers: their codes must reach them, never a console or the
  // dev outbox page (decision 055). One line naming what is missing.
  const missingGateways = (['SMTP_URL', 'SMS_GATEWAY_URL'] as const).filter((name) => !env_[name]);
  if (env_.NODE_ENV === 'production' && env_.DATABASE_URL && missingGateways.length > 0) {
    throw new ConfigError(
      `Invalid environment: ${missingGateways.join(', ')}: required in production with DATABASE_URL (set SMTP_URL and SMS_GATEWAY_URL, with SMS_GATEWAY_KEY and SMS_TEMPLATE as your gateway needs, so codes reach customers)`,
    );
  }
  const razorpay = razorpaySettings(env_);
  // The loopback gateway takes any payment anyone asks it for: never where real customers pay (decision 059).
  if (env_.NODE_ENV === 'production' && env_.DATABASE_URL && !razorpay) {
    throw new ConfigError(
      'Invalid environment: RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: required in production with DATABASE_URL (the loopback test gateway would accept any payment)',
    );
  }
  if (env_.RAZORPAY_API_URL && (env_.NODE_ENV === 'production' || !razorpay)) {
    throw new ConfigError(
      `Invalid environment: RAZORPAY_API_URL: ${env_.NODE_ENV === 'production' ? 'not allowed in production (Razorpay is only ever reached at its own address there)' : 'needs RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET and RAZORPAY_WEBHOOK_SECRET (the keys of the gateway it points at)'}`,
    );
  }
  const shiprocket = shiprocketSettings(env_);
  // The loopback carrier ships nothing: never where real customers wait for parcels (decision 084).
  if (env_.NODE_ENV === 'production' && env_.DATABASE_URL && !shiprocket) {
    throw new ConfigError(
      'Invalid environment: SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD, SHIPROCKET_PICKUP_LOCATION, SHIPROCKET_WEBHOOK_TOKEN: required in production with DATABASE_URL (the loopback test carrier ships nothing)',
    );
  }
  if (env_.SHIPROCKET_API_URL && (env_.NODE_ENV === 'production' || !shiprocket)) {
    throw new ConfigError(
      `Invalid environment: SHIPROCKET_API_URL: ${env_.NODE_ENV === 'production' ? 'not allowed in production (Shiprocket is only ever reached at its own address there)' : 'needs SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD, SHIPROCKET_PICKUP_LOCATION and SHIPROCKET_WEBHOOK_TOKEN (the account of the carrier it points at)'}`,
    );
  }
  if (Boolean(env_.WHATSAPP_PHONE_NUMBER_ID) !== Boolean(env_.WHATSAPP_ACCESS_TOKEN)) {
    const [set, missing] = env_.WHATSAPP_PHONE_NUMBER_ID
      ? ['WHATSAPP_PHONE_NUMBER_ID', 'WHATSAPP_ACCESS_TOKEN']
      : ['WHATSAPP_ACCESS_TOKEN', 'WHATSAPP_PHONE_NUMBER_ID'];
    throw new ConfigError(`Invalid environment: ${set}: needs ${missing} too (set both or neither)`);
  }
  // The loopback WhatsApp double delivers nothing to anyone: never where real customers are (decision 073).
  if (env_.WHATSAPP_LOOPBACK === 'true' && env_.NODE_ENV === 'production') {
    throw new ConfigError('Invalid environment: WHATSAPP_LOOPBACK: not allowed in production (set WHATSAPP_PHONE_NUMBER_ID and WHATSAPP_ACCESS_TOKEN)');
  }
  const whatsapp: WhatsAppConfig | undefined =
    env_.WHATSAPP_PHONE_NUMBER_ID && env_.WHATSAPP_ACCESS_TOKEN
      ? { mode: 'cloud', baseUrl: env_.WHATSAPP_API_URL, phoneNumberId: env_.WHATSAPP_PHONE_NUMBER_ID, accessToken: env_.WHATSAPP_ACCESS_TOKEN }
      : env_.WHATSAPP_LOOPBACK === 'true'
        ? { mode: 'loopback' }
        : undefined;
  const s3 = s3Settings(env_);
  const dataDir = resolve(cwd, env_.DATA_DIR);
  return {
    port: env_.API_PORT,
    host: env_.HOST,
    databaseUrl: env_.DATABASE_URL,
    dataDir,
    mediaDir: resolve(dataDir, 'media'),
    pgliteDir: resolve(dataDir, 'db'),
    redisUrl: env_.REDIS_URL,
    trustProxy: env_.TRUST_PROXY,
    responseCacheSeconds: env_.CATALOGUE_CACHE_SECONDS,
    logLevel: env_.LOG_LEVEL,
    nodeEnv: env_.NODE_ENV,
    siteUrl: env_.SITE_URL ?? `http://localhost:${env_.PORT}`,
    revalidateSecret: env_.REVALIDATE_SECRET,
    storefrontUrl: env_.STOREFRONT_URL ?? env_.SITE_URL ?? `http://localhost:${env_.PORT}`,
    authSecret: env_.AUTH_SECRET,
    google: env_.GOOGLE_CLIENT_ID && env_.GOOGLE_CLIENT_SECRET ? { clientId: env_.GOOGLE_CLIENT_ID, clientSecret: env_.GOOGLE_CLIENT_SECRET } : undefined,
    smtpUrl: env_.SMTP_URL,
    mailFrom: env_.MAIL_FROM,
    smsGatewayUrl: env_.SMS_GATEWAY_URL,
    smsGatewayKey: env_.SMS_GATEWAY_KEY,
    smsTemplate: env_.SMS_TEMPLATE,
    s3,
    logFormat: env_.LOG_FORMAT,
    metricsToken: env_.METRICS_TOKEN,
    otel: env_.OTEL_EXPORTER_OTLP_ENDPOINT ? { endpoint: env_.OTEL_EXPORTER_OTLP_ENDPOINT, serviceName: env_.OTEL_SERVICE_NAME } : undefined,
    sentryDsn: env_.SENTRY_DSN,
    images: { maxMegapixels: env_.IMAGE_MAX_MEGAPIXELS, concurrency: env_.IMAGE_DECODE_CONCURRENCY, queueLimit: env_.IMAGE_QUEUE_LIMIT },
    orderLimits: {
      perMinute: env_.ORDER_LIMIT_PER_MINUTE,
      perHour: env_.ORDER_LIMIT_PER_HOUR,
      openCod: env_.OPEN_COD_ORDERS_MAX,
      couponTries: env_.COUPON_TRIES_PER_15_MIN,
    },
    razorpay,
    paymentReservationMinutes: env_.PAYMENT_RESERVATION_MINUTES,
    razorpayApiUrl: env_.RAZORPAY_API_URL,
    paymentReconcileEverySeconds: env_.PAYMENT_RECONCILE_EVERY_SECONDS,
    paymentReconcileAfterSeconds: env_.PAYMENT_RECONCILE_AFTER_SECONDS,
    shipmentTrackEverySeconds: env_.SHIPMENT_TRACK_EVERY_SECONDS,
    shipmentTrackAfterSeconds: env_.SHIPMENT_TRACK_AFTER_SECONDS,
    shiprocket,
    shiprocketApiUrl: env_.SHIPROCKET_API_URL,
    shiprocketWebhookToken: env_.SHIPROCKET_WEBHOOK_TOKEN,
    whatsapp,
    outboxBatchSize: env_.OUTBOX_BATCH_SIZE,
    smtpConnections: env_.SMTP_CONNECTIONS,
    pdfThreads: env_.PDF_THREADS,
  };
}
