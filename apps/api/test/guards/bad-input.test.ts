import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminContext, type AdminContext, callAs } from '../admin/admin-helpers.ts';
import { freshIp, freshPhone, post } from '../auth/auth-helpers.ts';
import { engines, expectRefusal } from '../helpers.ts';
import { product } from '../orders/order-helpers.ts';

/**
 * Bad bytes are 400, never 500 (issue 19, finding 6; decision 046): the input guard refuses control characters in the
 * query, the path and JSON strings with `invalid_characters` naming the field, and a JSON body that is not an object
 * with `json_object_required`, before any handler (better-auth's included). Each case was a 500 before, on PostgreSQL
 * and PGlite alike (`invalid byte sequence for encoding "UTF8": 0x00`, or better-auth reading a field of null).
 */
describe.each(engines)('bad input (%s)', (engine) => {
  let ctx: AdminContext;
  let productId: string;

  beforeAll(async () => {
    ctx = await adminContext(engine);
    productId = (await product(ctx)).id;
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const asCustomer = { cookie: '' };
  beforeAll(() => {
    asCustomer.cookie = ctx.people.customer.cookie;
  });

  it('refuses a NUL byte in the back office order search (?q=)', async () => {
    const response = await callAs(ctx, 'admin', { method: 'GET', url: '/api/admin/orders?q=a%00b' });
    expect(expectRefusal(response, 400, 'invalid_characters', { q: 'invalid_characters' }).params).toEqual({ field: 'q' });
    // Another control character, and one in a second value of the same name.
    expectRefusal(await callAs(ctx, 'admin', { method: 'GET', url: '/api/admin/orders?q=a%1Bb' }), 400, 'invalid_characters', { q: 'invalid_characters' });
    expectRefusal(await callAs(ctx, 'admin', { method: 'GET', url: '/api/admin/orders?q=a&q=b%7F' }), 400, 'invalid_characters');
    expect((await callAs(ctx, 'admin', { method: 'GET', url: '/api/admin/orders?q=KG-' })).statusCode).toBe(200);
  });

  it('refuses a NUL byte in a coupon code', async () => {
    const response = await callAs(ctx, 'customer', {
      method: 'POST',
      url: '/api/user/coupon',
      body: { code: 'SAVE\u000010', items: [{ productId, quantity: 1 }] },
    });
    expectRefusal(response, 400, 'invalid_characters', { code: 'invalid_characters' });
  });

  it("refuses a NUL byte in phoneNumber on better-auth's send-otp and verify", async () => {
    const sent = await post(ctx.app, '/api/auth/phone-number/send-otp', { phoneNumber: '+9198765\u000043210' }, { ip: freshIp() });
    expectRefusal(sent, 400, 'invalid_characters', { phoneNumber: 'invalid_characters' });
    const verified = await post(ctx.app, '/api/auth/phone-number/verify', { phoneNumber: `${freshPhone()}\u0000`, code: '123456' }, { ip: freshIp() });
    expectRefusal(verified, 400, 'invalid_characters', { phoneNumber: 'invalid_characters' });
  });

  it('refuses a NUL byte in name on update-user, and a body that is not an object', async () => {
    const update = (body: unknown) => post(ctx.app, '/api/auth/update-user', body, { cookie: asCustomer.cookie });
    expectRefusal(await update({ name: 'Asha\u0000' }), 400, 'invalid_characters', { name: 'invalid_characters' });
    for (const body of [[1, 2], 'Asha', 42, null, true]) expectRefusal(await update(body), 400, 'json_object_required');
    expect((await update({ name: 'Asha Verma' })).statusCode).toBe(200);
  });

  it("answers a path with a broken percent-escape in the contract shape (invalid_url), not with Fastify's own body", async () => {
    expectRefusal(await ctx.app.inject({ method: 'GET', url: '/api/product/%E0%A4%A' }), 400, 'invalid_url');
  });

  it('answers update-user sent with no body at all as an empty change, not a 500', async () => {
    // better-auth's phone-number hook reads `'phoneNumber' in body`: a missing body threw (found by the fuzzer).
    const headers = { cookie: asCustomer.cookie, origin: 'http://localhost:3000' };
    const response = await ctx.app.inject({ method: 'POST', url: '/api/auth/update-user', headers });
    expect(response.statusCode, response.body).toBe(400);
  });

  it('refuses control characters in a path parameter and in nested keys and values, naming the field', async () => {
    const cancel = await callAs(ctx, 'customer', { method: 'POST', url: '/api/user/order/abc%01def/cancel' });
    expectRefusal(cancel, 400, 'invalid_characters', { id: 'invalid_characters' });
    const nested = await callAs(ctx, 'customer', {
      method: 'POST',
      url: '/api/user/order',
      body: {
        items: [
          { productId, quantity: 1, variantId: null, note: 'ok' },
          { productId: `${productId}\u0007`, quantity: 1 },
        ],
      },
    });
    expectRefusal(nested, 400, 'invalid_characters', { 'items.1.productId': 'invalid_characters' });
    const key = await callAs(ctx, 'customer', { method: 'POST', url: '/api/user/coupon', body: { 'co\u0000de': 'X', items: [] } });
    expectRefusal(key, 400, 'invalid_characters', { body: 'invalid_characters' });
  });

  it('lets tab, line feed and carriage return through in JSON text (a message may have several lines)', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/log',
      remoteAddress: freshIp(),
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ message: 'render failed', stack: 'Error: x\n\tat a (b.js:1:2)\r\n\tat c (d.js:3:4)' }),
    });
    expect(response.statusCode).toBe(204);
  });

  it('survives a body nested thousands deep (no stack overflow)', async () => {
    const deep = `${'['.repeat(20_000)}${']'.repeat(20_000)}`;
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { 'content-type': 'application/json', cookie: asCustomer.cookie },
      payload: `{"name":${deep}}`,
    });
    expect(expectRefusal(response, 400, 'json_too_deep').params).toEqual({ max: 32 });
  });
});
