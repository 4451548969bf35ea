import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engines, expectRefusal, json, type TestContext } from '../helpers.ts';

describe.each(engines)('product detail and related products on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(engine);
  });
  afterAll(async () => ctx?.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  describe('GET /api/product/:slug', () => {
    it('answers the product with variants, attribute options, brand and category', async () => {
      const response = await get('/api/product/silver-band-ring');
      expect(response.statusCode).toBe(200);
      const body = json(response);
      expect(body).toMatchObject({
        _id: ctx.fixtures.products.silverRing!.id,
        name: 'Silver Band Ring',
        slug: 'silver-band-ring',
        price: 59_900,
        mrp: 69_900,
        discountPercent: 14,
        inStock: true,
        hasVariants: true,
        brand: { _id: ctx.fixtures.brands.aurora.id, name: 'Aurora Jewels', slug: 'aurora' },
        category: { _id: ctx.fixtures.categories.rings.id, name: 'Rings', slug: 'rings' },
        tags: ['ring'],
        hsnCode: '7117',
        gstRate: 300,
        weightGrams: 120,
        unitsSold: 30,
        featured: false,
        newArrival: false,
        unique: true,
        onSelling: false,
        attributes: [
          { name: 'Colour', values: ['Silver'] },
          { name: 'Size', values: ['6', '7', '8'] },
        ],
      });
      expect(body.images).toHaveLength(2);
      expect(body.image).toEqual(body.images[0]);
      expect(body.variants.map((v: any) => v.sku)).toEqual(['RING-6', 'RING-7', 'RING-8']);
      expect(body.variants[2]).toMatchObject({ attributes: { Colour: 'Silver', Size: '8' }, price: 64_900, mrp: 69_900, stock: 2 });
      expect(new Date(body.createdAt).toISOString()).toBe(body.createdAt);
      expect(response.headers['cache-control']).toMatch(/^public/);
    });

    it('answers a product without brand or variants', async () => {
      const body = json(await get('/api/product/moon-lamp'));
      expect(body).toMatchObject({ brand: null, variants: [], attributes: [], hasVariants: false });
      expect(new Date(body.flashSaleEndsAt).getTime()).toBeGreaterThan(Date.now());
    });

    it.each(['no-such-product', 'draft-keychain-prototype', 'Silver-Band-Ring', '..%2F..%2Fetc', 'x'.repeat(201)])(
      'answers 404 "Product not found" for %s',
      async (slug) => {
        const response = await get(`/api/product/${slug}`);
        expect(expectRefusal(response, 404, 'product_not_found')).toEqual({ message: 'Product not found', code: 'product_not_found' });
      },
    );
  });

  it('refuses a control character in the slug before the route: 400 invalid_characters naming slug (decision 046)', async () => {
    expectRefusal(await get('/api/product/%00'), 400, 'invalid_characters', { slug: 'invalid_characters' });
  });

  describe('GET /api/related-products', () => {
    it('lists other products of the same category', async () => {
      const body = json(await get('/api/related-products?slug=moon-lamp'));
      expect(body.data.map((p: any) => p.slug)).toEqual(['photo-cube-lamp']);
      expect(body).toMatchObject({ total: 1, page: 1, limit: 8, hasMore: false });
    });

    it('leaves out unpublished products', async () => {
      const body = json(await get('/api/related-products?slug=wooden-name-keychain'));
      expect(body.data.map((p: any) => p.slug)).toEqual(['personalised-photo-keychain']);
    });

    it('answers 404 for an unknown product and 400 for bad input', async () => {
      const missing = await get('/api/related-products?slug=nope');
      expect(expectRefusal(missing, 404, 'product_not_found')).toEqual({ message: 'Product not found', code: 'product_not_found' });
      for (const query of ['', 'slug=', 'slug=a&slug=b', 'slug=moon-lamp&limit=25', 'slug=moon-lamp&limit=-3']) {
        const response = await get(`/api/related-products?${query}`);
        const field = query.includes('limit') ? 'limit' : 'slug';
        expect(expectRefusal(response, 400, 'validation_failed', { [field]: 'invalid_value' }).message, query).toMatch(/^Invalid (slug|limit)/);
      }
    });
  });
});
