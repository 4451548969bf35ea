import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engines, expectRefusal, json, type TestContext } from '../helpers.ts';

describe.each(engines)('POST /api/products/cart on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(engine);
  });
  afterAll(async () => ctx?.close());

  const post = (payload: unknown, headers: Record<string, string> = { 'content-type': 'application/json' }) =>
    ctx.app.inject({ method: 'POST', url: '/api/products/cart', headers, payload: typeof payload === 'string' ? payload : JSON.stringify(payload) });

  it('answers a JSON array of the products found, in request order, with variants', async () => {
    const { frock, photoKeychain } = ctx.fixtures.products;
    const response = await post({ productIds: [frock!.id, photoKeychain!.id] });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = json(response);
    expect(Array.isArray(body)).toBe(true);
    expect(body.map((p: any) => p._id)).toEqual([frock!.id, photoKeychain!.id]);
    expect(body[0]).toMatchObject({
      _id: frock!.id,
      cod: false,
      name: 'Cotton Frock',
      slug: 'cotton-frock',
      price: 79_900,
      mrp: 99_900,
      stock: 4,
      product_customization: null,
      image: { id: 'cotton-frock-1', original: '/api/media/catalogue/cotton-frock-1.webp', width: 800, height: 800 },
    });
    expect(body[0].variants.map((v: any) => v.sku)).toEqual(['FROCK-S', 'FROCK-M']);
    expect(body[1]).toMatchObject({ cod: true, variants: [], product_customization: { type: 'image', mediaLimit: 1 } });
  });

  it('leaves out unknown, malformed, duplicate and unpublished ids', async () => {
    const { moonLamp } = ctx.fixtures.products;
    const response = await post({
      productIds: [
        '00000000-0000-4000-8000-000000000000',
        'not-a-uuid',
        `${moonLamp!.id}.variant`,
        '',
        moonLamp!.id,
        moonLamp!.id.toUpperCase(),
        ctx.fixtures.draft.id,
        "'; drop table products; --",
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(json(response).map((p: any) => p.slug)).toEqual(['moon-lamp']);
  });

  it('answers an empty array for no ids', async () => {
    expect(json(await post({ productIds: [] }))).toEqual([]);
  });

  it.each([
    ['a string', { productIds: 'abc' }, 'productIds', 'cart_ids_not_list'],
    ['a number', { productIds: 5 }, 'productIds', 'cart_ids_not_list'],
    ['null', { productIds: null }, 'productIds', 'cart_ids_not_list'],
    ['missing', {}, 'productIds', 'cart_ids_not_list'],
    ['numbers inside', { productIds: [1, 2] }, 'productIds.0', 'invalid_value'],
    ['objects inside', { productIds: [{ id: 'x' }] }, 'productIds.0', 'invalid_value'],
    ['more than 100 ids', { productIds: Array.from({ length: 101 }, (_, i) => `id-${i}`) }, 'productIds', 'cart_too_many_ids'],
    ['a very long id', { productIds: ['x'.repeat(101)] }, 'productIds.0', 'cart_id_too_long'],
  ])('refuses productIds as %s with 400 naming productIds', async (_label, payload, field, code) => {
    const response = await post(payload);
    const body = expectRefusal(response, 400, 'validation_failed', { [field]: code });
    expect(body.message).toMatch(/^Invalid productIds/);
    expect(Object.keys(body.errors ?? {})[0]).toMatch(/^productIds/);
  });

  it('names the cart rules it broke in English and by code', async () => {
    const many = expectRefusal(await post({ productIds: Array.from({ length: 101 }, (_, i) => `id-${i}`) }), 400, 'validation_failed');
    expect(many.errors?.productIds).toEqual({ code: 'cart_too_many_ids', message: 'must hold at most 100 ids', params: { max: 100 } });
    const long = expectRefusal(await post({ productIds: ['x'.repeat(101)] }), 400, 'validation_failed');
    expect(long.errors?.['productIds.0']).toEqual({ code: 'cart_id_too_long', message: 'each id must be at most 100 characters', params: { max: 100 } });
    const notList = expectRefusal(await post({ productIds: 'abc' }), 400, 'validation_failed');
    expect(notList.errors?.productIds).toEqual({ code: 'cart_ids_not_list', message: 'must be a list of product ids' });
  });

  it('refuses a body that is not an object', async () => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      const response = await post(payload);
      expect(response.statusCode, payload).toBe(400);
      // The input guard (decision 046) answers it before the route's schema.
      expect(json(response)).toMatchObject({ code: 'json_object_required', message: expect.any(String) });
    }
  });

  it('refuses malformed JSON with 400, never 500', async () => {
    for (const payload of ['{', '{"productIds": [', "{'productIds': []}", '{"productIds": []}}']) {
      const response = await post(payload);
      expect(expectRefusal(response, 400, 'invalid_json'), payload).toEqual({ message: expect.any(String), code: 'invalid_json' });
    }
  });

  it('refuses an empty body and a body that is too large', async () => {
    expectRefusal(await post(''), 400, 'invalid_json');
    const huge = JSON.stringify({ productIds: ['a'.repeat(20_000)] });
    const response = await post(huge);
    expect(expectRefusal(response, 413, 'payload_too_large')).toEqual({ message: expect.any(String), code: 'payload_too_large' });
  });

  it('refuses other content types with 415', async () => {
    const response = await post('productIds=1', { 'content-type': 'application/x-www-form-urlencoded' });
    expectRefusal(response, 415, 'unsupported_media_type');
  });
});
