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
    ['a string', { productIds: 'abc' }],
    ['a number', { productIds: 5 }],
    ['null', { productIds: null }],
    ['missing', {}],
    ['numbers inside', { productIds: [1, 2] }],
    ['objects inside', { productIds: [{ id: 'x' }] }],
    ['more than 100 ids', { productIds: Array.from({ length: 101 }, (_, i) => `id-${i}`) }],
    ['a very long id', { productIds: ['x'.repeat(101)] }],
  ])('refuses productIds as %s with 400 naming productIds', async (_label, payload) => {
    const body = expectRefusal(await post(payload), 400, 'validation_failed');
    expect(body.message).toMatch(/^Invalid productIds/);
    const [field, error] = Object.entries(body.errors ?? {})[0]!;
    expect(field).toMatch(/^productIds/);
    // The field's own code is the catalogue schema's (invalid_value while it names none).
    expect(error).toMatchObject({ code: expect.stringMatching(/^[a-z_]+$/), message: expect.any(String) });
  });

  it('refuses a body that is not an object', async () => {
    for (const payload of ['[]', '"text"', '42', 'null']) {
      expectRefusal(await post(payload), 400, 'validation_failed');
    }
  });

  it('refuses malformed JSON with 400, never 500', async () => {
    for (const payload of ['{', '{"productIds": [', "{'productIds': []}", '{"productIds": []}}']) {
      const response = await post(payload);
      expectRefusal(response, 400, 'invalid_json');
      expect(Object.keys(json(response)).sort()).toEqual(['code', 'message']);
    }
  });

  it('refuses an empty body and a body that is too large', async () => {
    expectRefusal(await post(''), 400, 'invalid_json');
    const huge = JSON.stringify({ productIds: ['a'.repeat(20_000)] });
    const response = await post(huge);
    expectRefusal(response, 413, 'payload_too_large');
    expect(json(response)).toEqual({ message: expect.any(String), code: 'payload_too_large' });
  });

  it('refuses other content types with 415', async () => {
    const response = await post('productIds=1', { 'content-type': 'application/x-www-form-urlencoded' });
    expectRefusal(response, 415, 'unsupported_media_type');
  });
});
