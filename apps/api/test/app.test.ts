import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { type AddressInfo, connect as netConnect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, migrate } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { createTestContext, json, type TestContext } from './helpers.ts';

describe('app: errors, media and the OpenAPI document', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', {}, { fixtures: false });
    mkdirSync(join(ctx.mediaDir, 'catalogue'), { recursive: true });
    writeFileSync(join(ctx.mediaDir, 'catalogue', 'lamp.webp'), Buffer.from('RIFF0000WEBPVP8 '));
    writeFileSync(join(ctx.mediaDir, '.secret'), 'hidden');
  });
  afterAll(async () => ctx?.close());

  it('answers unknown routes with 404 { message, code: not_found }', async () => {
    for (const url of ['/api/nothing', '/api/products/nope/deeper', '/', '/api/media/']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.statusCode, url).toBe(404);
      expect(json(response)).toEqual({ message: 'Not found', code: 'not_found' });
    }
    const wrongMethod = await ctx.app.inject({ method: 'DELETE', url: '/api/products' });
    expect(wrongMethod.statusCode).toBe(404);
  });

  it("codes Fastify's own client errors (decision 037)", async () => {
    const badJson = await ctx.app.inject({ method: 'POST', url: '/api/log', headers: { 'content-type': 'application/json' }, payload: '{"a":' });
    expect(badJson.statusCode).toBe(400);
    expect(json(badJson)).toMatchObject({ code: 'invalid_json' });
    const wrongType = await ctx.app.inject({ method: 'POST', url: '/api/log', headers: { 'content-type': 'application/x-unknown' }, payload: 'x' });
    expect(wrongType.statusCode).toBe(415);
    expect(json(wrongType)).toMatchObject({ code: 'unsupported_media_type' });
    const badQuery = await ctx.app.inject({ method: 'GET', url: '/api/products?page=abc' });
    expect(badQuery.statusCode).toBe(400);
    expect(json(badQuery)).toMatchObject({
      code: 'validation_failed',
      errors: { page: { code: expect.any(String) as string, message: expect.any(String) as string } },
    });
  });

  it('serves media files with long cache headers and nosniff', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/media/catalogue/lamp.webp' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/webp');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
  });

  it('never serves files outside the media folder, dotfiles or missing files', async () => {
    for (const url of [
      '/api/media/catalogue/missing.webp',
      '/api/media/../package.json',
      '/api/media/%2e%2e/package.json',
      '/api/media/catalogue/%2e%2e%2f%2e%2e%2fpackage.json',
      '/api/media/.secret',
    ]) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect([403, 404], url).toContain(response.statusCode);
      expect(response.body).not.toContain('hidden');
      expect(response.body).not.toContain('"name"');
    }
  });

  it('publishes an OpenAPI document listing every route, and its UI', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const document = json(response);
    expect(document.openapi).toMatch(/^3\./);
    // better-auth's endpoints (/api/auth/*) are listed by openapi.test.ts.
    expect(
      Object.keys(document.paths)
        .filter((path) => !path.startsWith('/api/auth/'))
        .sort(),
    ).toEqual(
      [
        '/api/health',
        '/api/health/live',
        '/api/health/ready',
        '/api/headers',
        '/api/categories',
        '/api/categories/featured',
        '/api/subcategories',
        '/api/category/{slug}',
        '/api/category/{slug}/page',
        '/api/brands',
        '/api/sliders',
        '/api/products',
        '/api/products/featured',
        '/api/products/flash-sale',
        '/api/products/best-selling',
        '/api/products/uniques',
        '/api/products/new-arrivals',
        '/api/products/on-selling',
        '/api/products_top_seller',
        '/api/products_best_seller',
        '/api/products/search',
        '/api/products/cart',
        '/api/product/{slug}',
        '/api/related-products',
        '/api/log',
        '/api/sign-in-methods',
        '/api/user',
        '/api/user/addresses',
        '/api/user/addresses/{id}',
        '/api/user/addresses/{id}/default',
        '/api/dev/outbox',
        '/api/user/coupon',
        '/api/user/order',
        '/api/user/orders',
        '/api/orders-count',
        '/api/user/order/{id}',
        '/api/user/order/{id}/cancel',
        '/api/user/order/{id}/payment/verify',
        '/api/payments/razorpay/webhook',
        '/api/order/track',
        '/api/admin/orders/{id}/status',
        '/api/admin/orders',
        '/api/admin/orders/{id}',
        '/api/admin/orders/{id}/personalisation.zip',
        // Issue 21: messages.
        '/api/user/message-preferences',
        '/api/messages/unsubscribe',
        '/api/admin/message-templates',
        '/api/admin/message-templates/{event}/{language}/preview',
        '/api/admin/message-templates/{event}/{language}',
        '/api/admin/orders/{id}/messages',
        '/api/admin/dashboard',
        '/api/admin/products',
        '/api/admin/products/export',
        '/api/admin/products/import',
        '/api/admin/products/{id}',
        '/api/admin/products/{id}/publish',
        '/api/admin/products/{id}/images',
        '/api/admin/products/{id}/personalisation',
        '/api/report',
        '/api/subscribe/newsletter',
        '/api/subscribe/newsletter/confirm',
        '/api/subscribe/newsletter/unsubscribe',
        '/api/feedbacks',
        '/api/admin/feedbacks',
        '/api/admin/feedbacks/{id}/moderation',
        '/api/reviews',
        '/api/admin/reviews',
        '/api/admin/reviews/{id}/moderation',
        '/api/user/review',
        '/api/user/review/{id}',
        '/api/user/order/customised-uploads',
        '/api/user/order/customized-add',
        '/api/user/uploads/{id}/{size}',
        '/api/admin/reports',
        '/api/admin/reports/{id}/handled',
        '/api/admin/subscribers',
        '/api/admin/subscribers/export',
        '/api/admin/error-logs',
        '/api/admin/error-logs/prune',
        '/api/admin/staff',
        '/api/admin/staff/{id}/role',
        '/api/admin/audit',
        '/api/admin/categories',
        '/api/admin/categories/{id}',
        '/api/admin/categories/images',
        '/api/admin/brands',
        '/api/admin/brands/{id}',
        '/api/admin/brands/images',
        '/api/admin/sliders',
        '/api/admin/sliders/{id}',
        '/api/admin/sliders/images',
        '/api/admin/menus',
        '/api/admin/coupons',
        '/api/admin/coupons/{id}',
        '/api/admin/search-synonyms',
        '/api/admin/search-synonyms/{id}',
        '/api/admin/settings',
        '/api/admin/settings/logo',
        // Issue 20: payments (back office, the loopback checkout, paying on delivery instead) and COD controls.
        '/api/admin/payments',
        '/api/admin/payments.csv',
        '/api/admin/payments/{orderId}',
        '/api/admin/payments/{orderId}/flag/resolve',
        '/api/admin/payments/{orderId}/refunds',
        '/api/payments/loopback/checkout.js',
        '/api/payments/loopback/pay',
        '/api/payments/loopback/fail',
        '/api/user/order/{id}/payment/cash-on-delivery',
        '/api/checkout/cod-terms',
        '/api/orders/cod-confirmation',
        '/api/user/order/{id}/cod-confirmation',
        // Issue 21: GST invoices; issue 22: the delivery promise.
        '/api/admin/settings/tax',
        '/api/admin/gst-report',
        '/api/admin/gst-report/export',
        '/api/admin/orders/{id}/invoices',
        '/api/admin/orders/{id}/invoices/{documentId}/pdf',
        '/api/user/order/{id}/invoices',
        '/api/user/order/{id}/invoices/{documentId}/pdf',
        '/api/delivery/estimate',
        '/api/admin/delivery/serviceability',
        // Issue 22: shipments and carrier tracking (the loopback carrier's Shiprocket API is left out of the document).
        '/api/admin/orders/{id}/shipment',
        '/api/admin/orders/{id}/shipment/label',
        '/api/admin/orders/{id}/shipment/pickup',
        '/api/admin/orders/{id}/shipment/cancel',
        '/api/admin/orders/{id}/shipment/rto',
        '/api/admin/orders/{id}/shipment/track',
        '/api/admin/shipments',
        '/api/admin/shipments/bulk',
        '/api/admin/shipments/manifest',
        '/api/admin/shipments/manifest.json',
        '/api/shipping/shiprocket/webhook',
        '/api/shipping/tracking/webhook',
        '/api/dev/shipping/loopback/journey',
        // Issue 24: the wishlist and back-in-stock requests.
        '/api/user/wishlist',
        '/api/user/wishlist/ids',
        '/api/user/wishlist/{productId}',
        '/api/user/wishlist/merge',
        '/api/stock-alerts',
        // Issue 24: gift options, packing slip, proofs.
        '/api/checkout/gift-terms',
        '/api/admin/orders/{id}/packing-slip.pdf',
        '/api/admin/orders/{id}/proofs',
        '/api/user/order/{id}/proofs/{proofId}/answer',
        '/api/order-proofs/{proofId}/{size}',
      ].sort(),
    );
    const listing = document.paths['/api/products'].get;
    expect(listing.parameters.map((p: any) => p.name)).toEqual(
      expect.arrayContaining(['category', 'brand', 'minPrice', 'maxPrice', 'attr', 'inStock', 'sort', 'page', 'limit']),
    );
    expect(listing.responses['200']).toBeTruthy();
    expect(document.paths['/api/products/cart'].post.requestBody).toBeTruthy();
    let ui = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    if (ui.statusCode === 302) ui = await ctx.app.inject({ method: 'GET', url: new URL(String(ui.headers.location), 'http://x/api/docs').pathname });
    expect(ui.statusCode).toBe(200);
    expect(ui.body).toContain('swagger');
  });
});

describe('app: server errors', () => {
  it('answers a failing handler with 500 and a fixed message, no stack', async () => {
    const handle = await connect();
    await migrate(handle);
    const app = await buildApp({
      config: { mediaDir: mkdtempSync(join(tmpdir(), 'api-media-')), redisUrl: undefined, trustProxy: false, logLevel: 'silent' },
      db: handle,
      logger: false,
    });
    app.get('/api/test-failure', () => Promise.reject(new Error('secret database detail at /srv/app.ts:12')));
    try {
      const response = await app.inject({ method: 'GET', url: '/api/test-failure' });
      expect(response.statusCode).toBe(500);
      expect(json(response)).toEqual({ message: 'Internal server error', code: 'internal', requestId: expect.any(String) as string });
      expect(response.body).not.toContain('secret');
      // A database that stops answering: health says 503, lists answer 500 without detail.
      await handle.close();
      const health = await app.inject({ method: 'GET', url: '/api/health' });
      expect(health.statusCode).toBe(503);
      expect(json(health)).toEqual({ status: 'unavailable' });
      const list = await app.inject({ method: 'GET', url: '/api/brands' });
      expect(list.statusCode).toBe(500);
      expect(json(list)).toEqual({ message: 'Internal server error', code: 'internal', requestId: expect.any(String) as string });
    } finally {
      await app.close();
    }
  });
});

/** Sends raw bytes to a listening app and reads everything it answers until it closes the connection. */
function rawExchange(port: number, request: string): Promise<{ status: number; headers: string; body: string; closed: boolean }> {
  return new Promise((resolve, reject) => {
    const socket = netConnect(port, '127.0.0.1');
    let received = '';
    const settle = (closed: boolean) => {
      const [head = '', body = ''] = received.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), headers: head, body, closed });
    };
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('close', () => settle(true));
    // The server closes at once, so the client may see a reset after the answer arrived.
    socket.on('error', (error) => (received ? undefined : reject(error)));
    socket.write(request);
  });
}

describe("app: requests Node's HTTP parser refuses", () => {
  let ctx: TestContext;
  let port: number;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', {}, { fixtures: false });
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    port = (ctx.app.server.address() as AddressInfo).port;
  });
  afterAll(async () => ctx?.close());

  it('answers them in the contract shape with a stable code, and closes the connection', async () => {
    const tooLarge = { message: "The request's address or headers are too long", code: 'header_too_large' };
    const bad = { message: 'Bad request', code: 'bad_request' };
    const cases: [string, number, typeof bad][] = [
      // A URL over the 16 KB header limit: Fastify answered {"error":"Request Header Fields Too Large",...} without a code.
      [`GET /api/products?q=${'a'.repeat(17_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`, 431, tooLarge],
      [`GET /api/health HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'b'.repeat(17_000)}\r\n\r\n`, 431, tooLarge],
      ['POST /api/log HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: -1\r\n\r\n{}', 400, bad],
      ['POST /api/log HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n\r\n{}', 400, bad],
      ['GET /api/health HTTP/9.9\r\nHost: localhost\r\n\r\n', 400, bad],
    ];
    for (const [request, status, refusal] of cases) {
      const answer = await rawExchange(port, request);
      expect(answer.status, request.slice(0, 60)).toBe(status);
      expect(answer.headers.toLowerCase()).toContain('content-type: application/json');
      expect(JSON.parse(answer.body)).toEqual(refusal);
      expect(answer.closed).toBe(true);
    }
    // The server still answers the next connection.
    expect((await rawExchange(port, 'GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n')).status).toBe(200);
  });
});
