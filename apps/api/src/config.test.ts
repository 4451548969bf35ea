import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.ts';

describe('loadConfig', () => {
  it('applies defaults, resolving DATA_DIR from the working directory', () => {
    const config = loadConfig({}, '/srv/shop');
    expect(config).toEqual({
      port: 4000,
      host: '0.0.0.0',
      databaseUrl: undefined,
      dataDir: '/srv/shop/.data',
      mediaDir: '/srv/shop/.data/media',
      pgliteDir: '/srv/shop/.data/db',
      redisUrl: undefined,
      trustProxy: ['loopback'],
      responseCacheSeconds: 30,
      logLevel: 'info',
      nodeEnv: 'development',
      siteUrl: 'http://localhost:3000',
      authSecret: undefined,
      google: undefined,
      smtpUrl: undefined,
      mailFrom: 'Kaarigar Gifts <no-reply@localhost>',
      smsGatewayUrl: undefined,
      smsGatewayKey: undefined,
      smsTemplate: '{"to":"{phone}","message":"{message}"}',
      s3: undefined,
      logFormat: 'auto',
      metricsToken: undefined,
      otel: undefined,
      sentryDsn: undefined,
      images: { maxMegapixels: 25, concurrency: 2, queueLimit: 20 },
      orderLimits: { perMinute: 3, perHour: 20, openCod: 3, couponTries: 10 },
      razorpay: undefined,
      paymentReservationMinutes: 15,
      razorpayApiUrl: undefined,
      paymentReconcileEverySeconds: 300,
      paymentReconcileAfterSeconds: 300,
      shipmentTrackEverySeconds: 1800,
      shipmentTrackAfterSeconds: 21600,
      whatsapp: undefined,
      outboxBatchSize: 10,
      smtpConnections: 2,
      pdfThreads: 1,
      shiprocket: undefined,
      shiprocketApiUrl: undefined,
      shiprocketWebhookToken: undefined,
      revalidateSecret: undefined,
      storefrontUrl: 'http://localhost:3000',
    });
  });

  it('reads the image limits and names a bad one', () => {
    const config = loadConfig({ IMAGE_MAX_MEGAPIXELS: '40', IMAGE_DECODE_CONCURRENCY: '1', IMAGE_QUEUE_LIMIT: '0' });
    expect(config.images).toEqual({ maxMegapixels: 40, concurrency: 1, queueLimit: 0 });
    expect(() => loadConfig({ IMAGE_MAX_MEGAPIXELS: '0' })).toThrow(/IMAGE_MAX_MEGAPIXELS/);
    expect(() => loadConfig({ IMAGE_DECODE_CONCURRENCY: 'many' })).toThrow(/IMAGE_DECODE_CONCURRENCY/);
    expect(() => loadConfig({ IMAGE_QUEUE_LIMIT: '-1' })).toThrow(/IMAGE_QUEUE_LIMIT/);
  });

  it('reads the PDF threads (0 draws on the API thread) and names a bad count', () => {
    expect(loadConfig({ PDF_THREADS: '0' }).pdfThreads).toBe(0);
    expect(loadConfig({ PDF_THREADS: '2' }).pdfThreads).toBe(2);
    expect(() => loadConfig({ PDF_THREADS: '-1' })).toThrow(/PDF_THREADS/);
    expect(() => loadConfig({ PDF_THREADS: 'two' })).toThrow(/PDF_THREADS/);
  });

  it('reads the abuse limits (issue 19) and refuses a limit that is not a whole number from 1, naming it', () => {
    const env = { ORDER_LIMIT_PER_MINUTE: '5', ORDER_LIMIT_PER_HOUR: '40', OPEN_COD_ORDERS_MAX: '2', COUPON_TRIES_PER_15_MIN: '25' };
    expect(loadConfig(env).orderLimits).toEqual({ perMinute: 5, perHour: 40, openCod: 2, couponTries: 25 });
    expect(() => loadConfig({ ORDER_LIMIT_PER_MINUTE: '0' })).toThrow(/ORDER_LIMIT_PER_MINUTE/);
    expect(() => loadConfig({ OPEN_COD_ORDERS_MAX: 'three' })).toThrow(/OPEN_COD_ORDERS_MAX/);
    expect(() => loadConfig({ COUPON_TRIES_PER_15_MIN: '2.5' })).toThrow(/COUPON_TRIES_PER_15_MIN/);
    expect(() => loadConfig({ ORDER_LIMIT_PER_HOUR: '-1' })).toThrow(/ORDER_LIMIT_PER_HOUR/);
  });

  it('reads every setting', () => {
    const config = loadConfig(
      {
        API_PORT: '4800',
        HOST: '127.0.0.1',
        DATABASE_URL: 'postgres://u@db:5432/shop',
        DATA_DIR: '/var/shop',
        REDIS_URL: 'redis://cache:6379',
        TRUST_PROXY: '10.0.0.0/8, 127.0.0.1',
        CATALOGUE_CACHE_SECONDS: '0',
        LOG_LEVEL: 'warn',
        NODE_ENV: 'production',
        SMTP_URL: 'smtp://mail:587',
        SMS_GATEWAY_URL: 'https://sms.example/send',
        RAZORPAY_KEY_ID: 'rzp_live_Abc123',
        RAZORPAY_KEY_SECRET: 'secret-from-dashboard',
        RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
        SHIPROCKET_EMAIL: 'api@shop.example',
        SHIPROCKET_PASSWORD: 'api-password',
        SHIPROCKET_PICKUP_LOCATION: 'Primary',
        SHIPROCKET_WEBHOOK_TOKEN: 'webhook-token-0123456789',
      },
      '/srv',
    );
    expect(config).toMatchObject({
      port: 4800,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@db:5432/shop',
      dataDir: '/var/shop',
      redisUrl: 'redis://cache:6379',
      trustProxy: ['10.0.0.0/8', '127.0.0.1'],
      responseCacheSeconds: 0,
      logLevel: 'warn',
      nodeEnv: 'production',
    });
  });

  it.each([
    ['true', true],
    ['false', false],
    ['2', 2],
  ])('reads TRUST_PROXY=%s', (value, expected) => {
    expect(loadConfig({ TRUST_PROXY: value }).trustProxy).toEqual(expected);
  });

  it.each(['10.0.0.0/33', 'proxy.internal', '10.0.0.1/8/2', 'loopback, 2001:db8::/129'])('refuses TRUST_PROXY=%s', (value) => {
    expect(() => loadConfig({ TRUST_PROXY: value })).toThrow(/TRUST_PROXY/);
  });

  it('accepts named ranges, IPv6 CIDRs, and false (trust nobody)', () => {
    expect(loadConfig({ TRUST_PROXY: 'loopback, uniquelocal, 2001:db8::/32' }).trustProxy).toEqual(['loopback', 'uniquelocal', '2001:db8::/32']);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', API_PORT: '' }).port).toBe(4000);
  });

  it.each([
    ['CATALOGUE_CACHE_SECONDS', '-1'],
    ['CATALOGUE_CACHE_SECONDS', 'soon'],
    ['API_PORT', 'abc'],
    ['API_PORT', '70000'],
    ['DATABASE_URL', 'mysql://x'],
    ['REDIS_URL', 'http://x'],
    ['LOG_LEVEL', 'loud'],
    ['NODE_ENV', 'staging'],
    ['SITE_URL', 'localhost:3000'],
    ['SITE_URL', 'ftp://shop.example'],
    ['AUTH_SECRET', 'too-short'],
    ['GOOGLE_CLIENT_ID', 'only-the-id'],
    ['GOOGLE_CLIENT_SECRET', 'only-the-secret'],
    ['SMTP_URL', 'http://mail.example'],
    ['SMTP_URL', 'mail.example:587'],
    ['MAIL_FROM', 'Kaarigar Gifts'],
    ['MAIL_FROM', 'Shop <not an address>'],
    ['SMS_GATEWAY_URL', 'sms.example/send'],
    ['SMS_GATEWAY_KEY', 'a-key-without-a-gateway'],
    ['SMS_TEMPLATE', 'to={phone}&text={message}'],
    ['SMS_TEMPLATE', '{"to":"{phone}"}'],
    ['SMS_TEMPLATE', '{"text":"{message}"}'],
    ['SMS_TEMPLATE', '"{phone} {message}"'],
  ])('refuses a bad %s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`^Invalid environment: ${name}:`));
  });

  it('reads the identity settings, keeping only the origin of SITE_URL', () => {
    const config = loadConfig({
      SITE_URL: 'https://shop.example/',
      AUTH_SECRET: 'x'.repeat(32),
      GOOGLE_CLIENT_ID: 'id',
      GOOGLE_CLIENT_SECRET: 'secret',
    });
    expect(config).toMatchObject({
      siteUrl: 'https://shop.example',
      authSecret: 'x'.repeat(32),
      google: { clientId: 'id', clientSecret: 'secret' },
    });
  });

  it('reads the delivery settings', () => {
    const config = loadConfig({
      SMTP_URL: 'smtps://user:pass@mail.example:465',
      MAIL_FROM: 'Kaarigar <hello@shop.example>',
      SMS_GATEWAY_URL: 'https://sms.example/v1/send',
      SMS_GATEWAY_KEY: 'k-123',
      SMS_TEMPLATE: '{"numbers":["{national}"],"text":"{message}","sender":"KRGR"}',
    });
    expect(config).toMatchObject({
      smtpUrl: 'smtps://user:pass@mail.example:465',
      mailFrom: 'Kaarigar <hello@shop.example>',
      smsGatewayUrl: 'https://sms.example/v1/send',
      smsGatewayKey: 'k-123',
      smsTemplate: '{"numbers":["{national}"],"text":"{message}","sender":"KRGR"}',
    });
    expect(loadConfig({ MAIL_FROM: 'no-reply@shop.example' }).mailFrom).toBe('no-reply@shop.example');
    expect(loadConfig({ SMTP_URL: 'smtp://127.0.0.1:2525' }).smtpUrl).toBe('smtp://127.0.0.1:2525');
  });

  it('refuses production on a database server without real gateways, naming the variables in one line', () => {
    const production = { NODE_ENV: 'production', DATABASE_URL: 'postgres://u@db:5432/shop' };
    const gateways = {
      SMTP_URL: 'smtp://mail:587',
      SMS_GATEWAY_URL: 'https://sms.example/send',
      RAZORPAY_KEY_ID: 'rzp_live_Abc123',
      RAZORPAY_KEY_SECRET: 'secret-from-dashboard',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
      SHIPROCKET_EMAIL: 'api@shop.example',
      SHIPROCKET_PASSWORD: 'api-password',
      SHIPROCKET_PICKUP_LOCATION: 'Primary',
      SHIPROCKET_WEBHOOK_TOKEN: 'webhook-token-0123456789',
    };
    const refusal = (env: NodeJS.ProcessEnv) => {
      try {
        loadConfig(env);
      } catch (error) {
        return (error as Error).message;
      }
      return null;
    };
    expect(refusal(production)).toBe(
      'Invalid environment: SMTP_URL, SMS_GATEWAY_URL: required in production with DATABASE_URL (set SMTP_URL and SMS_GATEWAY_URL, ' +
        'with SMS_GATEWAY_KEY and SMS_TEMPLATE as your gateway needs, so codes reach customers)',
    );
    expect(refusal({ ...production, SMTP_URL: gateways.SMTP_URL })).toMatch(/^Invalid environment: SMS_GATEWAY_URL: required in production with DATABASE_URL/);
    expect(refusal({ ...production, SMS_GATEWAY_URL: gateways.SMS_GATEWAY_URL, SMTP_URL: '' })).toMatch(/^Invalid environment: SMTP_URL: required/);
    expect(refusal(production)).not.toMatch(/\n/);
    // With both gateways it starts; without a database server (npm start: PGlite) or outside production, the dev outbox serves.
    expect(refusal({ ...production, ...gateways })).toBeNull();
    expect(refusal({ NODE_ENV: 'production' })).toBeNull();
    expect(refusal({ NODE_ENV: 'development', DATABASE_URL: production.DATABASE_URL })).toBeNull();
  });

  it('reads the Razorpay keys (all three or none) and the payment reservation', () => {
    const keys = { RAZORPAY_KEY_ID: 'rzp_test_Abc123', RAZORPAY_KEY_SECRET: 'key-secret-1', RAZORPAY_WEBHOOK_SECRET: 'hook-secret-1' };
    expect(loadConfig(keys).razorpay).toEqual({ keyId: 'rzp_test_Abc123', keySecret: 'key-secret-1', webhookSecret: 'hook-secret-1' });
    expect(loadConfig({}).razorpay).toBeUndefined();
    expect(() => loadConfig({ RAZORPAY_KEY_ID: keys.RAZORPAY_KEY_ID })).toThrow(
      /^Invalid environment: RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: needed because RAZORPAY_KEY_ID is set/,
    );
    expect(() => loadConfig({ ...keys, RAZORPAY_WEBHOOK_SECRET: '' })).toThrow(/^Invalid environment: RAZORPAY_WEBHOOK_SECRET: needed/);
    expect(() => loadConfig({ ...keys, RAZORPAY_KEY_ID: 'pk_test_123' })).toThrow(/RAZORPAY_KEY_ID: must be a Razorpay key id/);
    expect(loadConfig({ PAYMENT_RESERVATION_MINUTES: '30' }).paymentReservationMinutes).toBe(30);
    expect(() => loadConfig({ PAYMENT_RESERVATION_MINUTES: '0' })).toThrow(/PAYMENT_RESERVATION_MINUTES/);
  });

  it('refuses the loopback payment gateway in production on a database server', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://u@db:5432/shop',
      SMTP_URL: 'smtp://mail:587',
      SMS_GATEWAY_URL: 'https://sms.example/send',
    };
    expect(() => loadConfig(production)).toThrow(
      /^Invalid environment: RAZORPAY_KEY_ID, RAZORPAY_KEY_SECRET, RAZORPAY_WEBHOOK_SECRET: required in production with DATABASE_URL/,
    );
    // npm start (PGlite) and development keep the loopback gateway.
    expect(loadConfig({ NODE_ENV: 'production' }).razorpay).toBeUndefined();
    expect(loadConfig({ DATABASE_URL: production.DATABASE_URL }).razorpay).toBeUndefined();
  });

  it('reads the Shiprocket account (all four, or the token alone for the loopback), refuses the loopback carrier in production, and takes SHIPROCKET_API_URL only with an account outside production', () => {
    const account = {
      SHIPROCKET_EMAIL: 'api@shop.example',
      SHIPROCKET_PASSWORD: 'api-password',
      SHIPROCKET_PICKUP_LOCATION: 'Primary',
      SHIPROCKET_WEBHOOK_TOKEN: 'webhook-token-0123456789',
    };
    expect(loadConfig(account).shiprocket).toEqual({
      email: 'api@shop.example',
      password: 'api-password',
      pickupLocation: 'Primary',
      webhookToken: 'webhook-token-0123456789',
    });
    expect(loadConfig({}).shiprocket).toBeUndefined();
    expect(loadConfig({ SHIPROCKET_WEBHOOK_TOKEN: account.SHIPROCKET_WEBHOOK_TOKEN })).toMatchObject({
      shiprocket: undefined,
      shiprocketWebhookToken: account.SHIPROCKET_WEBHOOK_TOKEN,
    });
    expect(() => loadConfig({ SHIPROCKET_EMAIL: account.SHIPROCKET_EMAIL })).toThrow(
      /^Invalid environment: SHIPROCKET_PASSWORD, SHIPROCKET_PICKUP_LOCATION, SHIPROCKET_WEBHOOK_TOKEN: needed because SHIPROCKET_EMAIL is set/,
    );
    expect(() => loadConfig({ ...account, SHIPROCKET_WEBHOOK_TOKEN: 'short' })).toThrow(/SHIPROCKET_WEBHOOK_TOKEN: must be at least 16 characters/);
    expect(() => loadConfig({ ...account, SHIPROCKET_EMAIL: 'not-an-email' })).toThrow(/SHIPROCKET_EMAIL: must be the e-mail/);
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://u@db:5432/shop',
      SMTP_URL: 'smtp://mail:587',
      SMS_GATEWAY_URL: 'https://sms.example/send',
      RAZORPAY_KEY_ID: 'rzp_live_Abc123',
      RAZORPAY_KEY_SECRET: 'secret-from-dashboard',
      RAZORPAY_WEBHOOK_SECRET: 'webhook-secret',
    };
    expect(() => loadConfig(production)).toThrow(
      /^Invalid environment: SHIPROCKET_EMAIL, SHIPROCKET_PASSWORD, SHIPROCKET_PICKUP_LOCATION, SHIPROCKET_WEBHOOK_TOKEN: required in production/,
    );
    expect(loadConfig({ ...production, ...account }).shiprocket?.pickupLocation).toBe('Primary');
    const apiUrl = 'http://127.0.0.1:4999/api/dev/shiprocket';
    expect(loadConfig({ ...account, SHIPROCKET_API_URL: apiUrl }).shiprocketApiUrl).toBe(apiUrl);
    expect(() => loadConfig({ SHIPROCKET_API_URL: apiUrl })).toThrow(/^Invalid environment: SHIPROCKET_API_URL: needs SHIPROCKET_EMAIL/);
    expect(() => loadConfig({ ...production, ...account, SHIPROCKET_API_URL: apiUrl })).toThrow(
      /^Invalid environment: SHIPROCKET_API_URL: not allowed in production/,
    );
  });

  it("reads the tracking reconciliation's timing", () => {
    expect(loadConfig({})).toMatchObject({ shipmentTrackEverySeconds: 1800, shipmentTrackAfterSeconds: 21600 });
    expect(loadConfig({ SHIPMENT_TRACK_EVERY_SECONDS: '120', SHIPMENT_TRACK_AFTER_SECONDS: '3600' })).toMatchObject({
      shipmentTrackEverySeconds: 120,
      shipmentTrackAfterSeconds: 3600,
    });
    expect(() => loadConfig({ SHIPMENT_TRACK_EVERY_SECONDS: '0' })).toThrow(/SHIPMENT_TRACK_EVERY_SECONDS/);
    expect(() => loadConfig({ SHIPMENT_TRACK_AFTER_SECONDS: 'a day' })).toThrow(/SHIPMENT_TRACK_AFTER_SECONDS/);
  });

  it('reads the reconciliation timing, and takes RAZORPAY_API_URL only with explicit keys and never in production', () => {
    expect(loadConfig({})).toMatchObject({ paymentReconcileEverySeconds: 300, paymentReconcileAfterSeconds: 300, razorpayApiUrl: undefined });
    expect(loadConfig({ PAYMENT_RECONCILE_EVERY_SECONDS: '60', PAYMENT_RECONCILE_AFTER_SECONDS: '0' })).toMatchObject({
      paymentReconcileEverySeconds: 60,
      paymentReconcileAfterSeconds: 0,
    });
    expect(() => loadConfig({ PAYMENT_RECONCILE_EVERY_SECONDS: '0' })).toThrow(/PAYMENT_RECONCILE_EVERY_SECONDS/);
    const keys = { RAZORPAY_KEY_ID: 'rzp_test_Abc123', RAZORPAY_KEY_SECRET: 'key-secret-1', RAZORPAY_WEBHOOK_SECRET: 'hook-secret-1' };
    const apiUrl = 'http://127.0.0.1:4555';
    expect(loadConfig({ ...keys, RAZORPAY_API_URL: apiUrl }).razorpayApiUrl).toBe(apiUrl);
    expect(() => loadConfig({ RAZORPAY_API_URL: apiUrl })).toThrow(/^Invalid environment: RAZORPAY_API_URL: needs RAZORPAY_KEY_ID/);
    expect(() => loadConfig({ ...keys, RAZORPAY_API_URL: apiUrl, NODE_ENV: 'production' })).toThrow(
      /^Invalid environment: RAZORPAY_API_URL: not allowed in production/,
    );
    expect(() => loadConfig({ ...keys, RAZORPAY_API_URL: 'ftp://x' })).toThrow(/RAZORPAY_API_URL: must be an http/);
  });

  const s3Env = {
    S3_ENDPOINT: 'https://s3.example:9000',
    S3_BUCKET: 'shop-uploads',
    S3_ACCESS_KEY_ID: 'AKIDEXAMPLE',
    S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI',
  };

  it('reads the upload bucket settings, with region us-east-1 and path-style addressing by default', () => {
    expect(loadConfig(s3Env).s3).toEqual({
      endpoint: 'https://s3.example:9000',
      bucket: 'shop-uploads',
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'wJalrXUtnFEMI',
      region: 'us-east-1',
      forcePathStyle: true,
    });
    expect(loadConfig({ ...s3Env, S3_REGION: 'eu-central-1', S3_FORCE_PATH_STYLE: 'false' }).s3).toMatchObject({
      region: 'eu-central-1',
      forcePathStyle: false,
    });
    expect(loadConfig({ S3_ENDPOINT: '', S3_BUCKET: '' }).s3).toBeUndefined();
  });

  it.each(['S3_ENDPOINT', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const)('refuses the bucket settings without %s, naming it', (name) => {
    const { [name]: _, ...rest } = s3Env;
    expect(() => loadConfig(rest)).toThrow(new RegExp(`^Invalid environment: ${name}: is needed because S3_`));
  });

  it('names every missing bucket setting, also when only a tuning one is set', () => {
    expect(() => loadConfig({ S3_BUCKET: 'shop-uploads' })).toThrow(
      'Invalid environment: S3_ENDPOINT: is needed because S3_BUCKET is set (set S3_ENDPOINT, S3_BUCKET, ' +
        'S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY together, or none of S3_*); S3_ACCESS_KEY_ID: is needed because',
    );
    expect(() => loadConfig({ S3_REGION: 'eu-west-1' })).toThrow(/^Invalid environment: S3_ENDPOINT: .*S3_REGION is set.*S3_SECRET_ACCESS_KEY: is needed/);
  });

  it.each([
    ['S3_ENDPOINT', 's3.example:9000'],
    ['S3_ENDPOINT', 'ftp://s3.example'],
    ['S3_BUCKET', 'Shop_Uploads'],
    ['S3_BUCKET', 'ab'],
    ['S3_REGION', 'EU West'],
    ['S3_FORCE_PATH_STYLE', 'yes'],
  ])('refuses a bad %s=%s, naming it', (name, value) => {
    expect(() => loadConfig({ ...s3Env, [name]: value })).toThrow(new RegExp(`^Invalid environment: ${name}:`));
  });

  it('defaults SITE_URL to the storefront port on localhost', () => {
    expect(loadConfig({ PORT: '3100' }).siteUrl).toBe('http://localhost:3100');
  });
  it('reads the operations settings: log format, metrics token, tracing, error reporting', () => {
    const config = loadConfig({
      LOG_FORMAT: 'json',
      METRICS_TOKEN: 'a-long-scrape-token-1234',
      OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
      SENTRY_DSN: 'https://key@o1.ingest.sentry.io/1',
    });
    expect(config).toMatchObject({
      logFormat: 'json',
      metricsToken: 'a-long-scrape-token-1234',
      otel: { endpoint: 'http://collector:4318', serviceName: 'kaarigar-api' },
      sentryDsn: 'https://key@o1.ingest.sentry.io/1',
    });
    expect(loadConfig({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c:4318', OTEL_SERVICE_NAME: 'shop-api-2' }).otel?.serviceName).toBe('shop-api-2');
    // The service name alone turns nothing on.
    expect(loadConfig({ OTEL_SERVICE_NAME: 'shop-api-2' }).otel).toBeUndefined();
  });

  it.each([
    ['LOG_FORMAT', 'xml'],
    ['METRICS_TOKEN', 'short'],
    ['OTEL_EXPORTER_OTLP_ENDPOINT', 'collector:4318'],
    ['SENTRY_DSN', 'not a url'],
  ])('refuses %s=%s, naming it', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(`${name}:`));
  });
});
