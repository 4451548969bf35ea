import { orders } from '@shop/db';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken, anotherApp, authContext, freshEmail, freshIp, SITE } from '../auth/auth-helpers.ts';
import { placeOrder } from '../customisation/customisation-helpers.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { call, customer, product, roomyLimits } from '../orders/order-helpers.ts';

/**
 * CSRF (issue 19, finding 2; decision 046): a cookie-signed change is refused with 403 `cross_site_request` unless the
 * browser says it comes from the shop (Sec-Fetch-Site: same-origin, or Origin = SITE_URL), or it is signed with a
 * bearer token. Requests with no browser headers (the storefront's server-side calls, the tests) pass. Bodies are JSON.
 */
describe.each(engines)('cross-site requests (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let shopper: Awaited<ReturnType<typeof customer>>;
  let productId: string;

  beforeAll(async () => {
    // Several orders of one shopper in a minute: the order limits (decision 050) are not what this file tests.
    ctx = await authContext(engine, { siteUrl: SITE, ...roomyLimits });
    app = ctx.app;
    shopper = await customer(ctx);
    productId = (await product(ctx)).id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const statusOf = async (orderId: string) => (await ctx.handle.db.select({ status: orders.status }).from(orders).where(eq(orders.id, orderId)))[0]?.status;
  const cancel = (orderId: string, headers: Record<string, string>, body?: string) =>
    app.inject({
      method: 'POST',
      url: `/api/user/order/${orderId}/cancel`,
      headers: { cookie: shopper.cookie, ...headers },
      ...(body === undefined ? {} : { payload: body }),
    });

  it("refuses the finding: another site's page cancelling a real order with a text/plain POST (403, order kept)", async () => {
    const order = await placeOrder(app, shopper, [{ productId, quantity: 1 }]);
    const forged = await cancel(order._id, { origin: 'https://evil.example', 'content-type': 'text/plain' }, 'x');
    expectRefusal(forged, 403, 'cross_site_request');
    // Modern browsers say it twice: Sec-Fetch-Site too.
    expectRefusal(await cancel(order._id, { origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' }), 403, 'cross_site_request');
    // A sibling subdomain is another site's page as well.
    expectRefusal(await cancel(order._id, { origin: 'https://shop.evil.example', 'sec-fetch-site': 'same-site' }), 403, 'cross_site_request');
    expectRefusal(await cancel(order._id, { 'sec-fetch-site': 'same-site' }), 403, 'cross_site_request');
    expectRefusal(await cancel(order._id, { origin: 'null' }), 403, 'cross_site_request');
    expect(await statusOf(order._id)).toBe('placed');

    // The shop's own page cancels it.
    const own = await cancel(order._id, { origin: SITE, 'sec-fetch-site': 'same-origin' });
    expect(own.statusCode).toBe(200);
    expect(await statusOf(order._id)).toBe('cancelled');
  });

  it('refuses the forged default-address change; the shop (by Origin or Sec-Fetch-Site) and server-side calls pass', async () => {
    const second = await call(app, 'POST', '/api/user/addresses', shopper, {
      name: 'Asha Verma',
      mobile: shopper.mobile,
      line1: '7, Park Street',
      city: 'Kolkata',
      state: 'West Bengal',
      pincode: '700016',
    });
    expect(second.statusCode).toBe(201);
    const url = `/api/user/addresses/${second.json()._id}/default`;
    const makeDefault = (headers: Record<string, string>) => app.inject({ method: 'POST', url, headers: { cookie: shopper.cookie, ...headers } });
    expectRefusal(await makeDefault({ origin: 'https://evil.example', 'content-type': 'text/plain' }), 403, 'cross_site_request');
    expect((await makeDefault({ origin: SITE })).statusCode).toBe(200);
    expect((await makeDefault({ 'sec-fetch-site': 'same-origin', origin: 'http://127.0.0.1:3000' })).statusCode).toBe(200);
    // Typed in or a bookmark: the visitor's own doing.
    expect((await makeDefault({ 'sec-fetch-site': 'none' })).statusCode).toBe(200);
    // The storefront's server-side calls (serverApi) send the cookie and no browser headers.
    expect((await makeDefault({})).statusCode).toBe(200);
  });

  it('lets a bearer-signed change through whatever its Origin (a page on another site cannot send the header)', async () => {
    const order = await placeOrder(app, shopper, [{ productId, quantity: 1 }]);
    const token = await accessToken(app, shopper.cookie);
    const response = await app.inject({
      method: 'POST',
      url: `/api/user/order/${order._id}/cancel`,
      headers: { authorization: `Bearer ${token}`, origin: 'https://evil.example', cookie: shopper.cookie },
    });
    expect(response.statusCode).toBe(200);
  });

  it('never refuses a read, nor a request without a cookie (signing in is better-auth’s own origin check)', async () => {
    const read = await app.inject({
      method: 'GET',
      url: '/api/user/orders',
      headers: { cookie: shopper.cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' },
    });
    expect(read.statusCode).toBe(200);
    const subscribe = await app.inject({
      method: 'POST',
      url: '/api/subscribe-newsletter',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site', origin: 'https://evil.example' },
      payload: JSON.stringify({ email: freshEmail() }),
    });
    expect(subscribe.statusCode).not.toBe(403);
  });

  it("covers better-auth's routes: a cross-site update-user or sign-out with the cookie is 403 cross_site_request", async () => {
    const forged = { cookie: shopper.cookie, origin: 'https://evil.example', 'content-type': 'application/json' };
    expectRefusal(await app.inject({ method: 'POST', url: '/api/auth/update-user', headers: forged, payload: '{"name":"Pwned"}' }), 403, 'cross_site_request');
    expectRefusal(await app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: forged, payload: '{}' }), 403, 'cross_site_request');
    const own = await app.inject({ method: 'POST', url: '/api/auth/update-user', headers: { ...forged, origin: SITE }, payload: '{"name":"Asha V"}' });
    expect(own.statusCode).toBe(200);
  });

  it('takes JSON only: a text/plain or form body on a JSON route is 415 unsupported_media_type, even from the shop', async () => {
    const order = await placeOrder(app, shopper, [{ productId, quantity: 1 }]);
    expectRefusal(await cancel(order._id, { origin: SITE, 'content-type': 'text/plain' }, 'x'), 415, 'unsupported_media_type');
    expectRefusal(await cancel(order._id, { 'content-type': 'application/x-www-form-urlencoded' }, 'a=b'), 415, 'unsupported_media_type');
    const coupon = await app.inject({
      method: 'POST',
      url: '/api/user/coupon',
      headers: { cookie: shopper.cookie, 'content-type': 'text/plain' },
      payload: JSON.stringify({ code: 'WELCOME', items: [{ productId, quantity: 1 }] }),
    });
    expectRefusal(coupon, 415, 'unsupported_media_type');
    expect(await statusOf(order._id)).toBe('placed');
  });

  it('compares Origin with SITE_URL: another configured origin refuses the default one', async () => {
    const elsewhere = await anotherApp(ctx, { siteUrl: 'https://shop.example' });
    try {
      const order = await placeOrder(app, shopper, [{ productId, quantity: 1 }]);
      const request = (origin: string) =>
        elsewhere.inject({ method: 'POST', url: `/api/user/order/${order._id}/cancel`, headers: { cookie: shopper.cookie, origin } });
      expectRefusal(await request(SITE), 403, 'cross_site_request');
      expect((await request('https://shop.example')).statusCode).not.toBe(403);
    } finally {
      await elsewhere.close();
    }
  });
});
