import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engines, json, type TestContext } from '../helpers.ts';
import { settingsFixture } from '../fixtures.ts';

describe.each(engines)('site and catalogue lists on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(engine);
  });
  afterAll(async () => ctx?.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });

  describe('GET /api/headers', () => {
    it('answers the site settings and both menus', async () => {
      const response = await get('/api/headers');
      expect(response.statusCode).toBe(200);
      const body = json(response);
      expect(body.site).toMatchObject({
        name: settingsFixture.name,
        defaultLanguage: 'en',
        currencyCode: 'INR',
        tollFreeNumber: settingsFixture.tollFreeNumber,
        contactEmail: settingsFixture.contactEmail,
        chatWidgetId: null,
        analyticsId: 'G-TEST',
        freeShippingThreshold: 49_900,
        shippingFee: 15_000,
      });
      expect(body.headerMenu).toEqual(settingsFixture.headerMenu);
      expect(body.mobileMenu).toEqual(settingsFixture.mobileMenu);
      expect(response.headers['cache-control']).toMatch(/^public, max-age=30/);
    });
  });

  describe('GET /api/categories', () => {
    it('lists every category with parent and subtree product counts (published only)', async () => {
      const response = await get('/api/categories');
      expect(response.statusCode).toBe(200);
      const body = json(response);
      expect(body).toMatchObject({ total: 7, page: 1, limit: 100, hasMore: false });
      const bySlug = Object.fromEntries(body.data.map((c: any) => [c.slug, c]));
      expect(bySlug['personalised-gifts'].productCount).toBe(4); // 2 keychains (draft excluded) + 2 lamps
      expect(bySlug.keychains.productCount).toBe(2);
      expect(bySlug.keychains.parent).toEqual({ _id: ctx.fixtures.categories.personalised.id, name: 'Personalised Gifts', slug: 'personalised-gifts' });
      expect(bySlug['personalised-gifts'].parent).toBeNull();
      expect(bySlug.jewellery.productCount).toBe(2);
      expect(bySlug.clothing.productCount).toBe(1);
      expect(bySlug.keychains.image).toMatchObject({ original: '/api/media/catalogue/keychains.webp', width: 800 });
    });

    it('pages', async () => {
      const body = json(await get('/api/categories?limit=3&page=3'));
      expect(body).toMatchObject({ total: 7, page: 3, limit: 3, hasMore: false });
      expect(body.data).toHaveLength(1);
      expect(json(await get('/api/categories?limit=3&page=2')).hasMore).toBe(true);
    });

    it.each(['limit=0', 'limit=201', 'page=0', 'page=abc', 'limit=1e2', 'page=-1', 'limit=99999999999999999999', 'page=1&page=2'])(
      'refuses %s with 400 naming the field',
      async (query) => {
        const response = await get(`/api/categories?${query}`);
        expect(response.statusCode).toBe(400);
        const field = query.split('=')[0] as string;
        expect(json(response).errors).toHaveProperty(field);
        expect(json(response).message).toContain(field);
      },
    );
  });

  describe('GET /api/categories/featured', () => {
    it('lists only featured categories', async () => {
      const body = json(await get('/api/categories/featured'));
      expect(body.data.map((c: any) => c.slug).sort()).toEqual(['jewellery', 'keychains', 'personalised-gifts']);
      expect(body.total).toBe(3);
    });
  });

  describe('GET /api/subcategories', () => {
    it('lists the children of a parent given by slug', async () => {
      const body = json(await get('/api/subcategories?parent=personalised-gifts'));
      expect(body.data.map((c: any) => c.slug)).toEqual(['keychains', 'lamps']);
    });

    it('accepts the parent id too', async () => {
      const body = json(await get(`/api/subcategories?parent=${ctx.fixtures.categories.jewellery.id}`));
      expect(body.data.map((c: any) => c.slug)).toEqual(['necklaces', 'rings']);
    });

    it('without parent lists every category that has one', async () => {
      expect(json(await get('/api/subcategories')).total).toBe(4);
    });

    it('answers 404 for an unknown parent and 400 for a malformed one', async () => {
      const missing = await get('/api/subcategories?parent=no-such-thing');
      expect(missing.statusCode).toBe(404);
      expect(json(missing)).toEqual({ message: 'Category not found' });
      const bad = await get('/api/subcategories?parent=%00bad');
      expect(bad.statusCode).toBe(400);
      expect(json(bad).errors).toHaveProperty('parent');
    });
  });

  describe('GET /api/category/:slug', () => {
    it('answers one category', async () => {
      const response = await get('/api/category/lamps');
      expect(response.statusCode).toBe(200);
      expect(json(response)).toMatchObject({ slug: 'lamps', name: 'Lamps', productCount: 2, featured: false });
    });

    it.each(['no-such-category', 'UPPER', '%E2%82%AC', 'a'.repeat(150)])('answers 404 for %s', async (slug) => {
      const response = await get(`/api/category/${slug}`);
      expect(response.statusCode).toBe(404);
      expect(json(response)).toEqual({ message: 'Category not found' });
    });
  });

  describe('GET /api/sliders', () => {
    it('lists active slides in order', async () => {
      const body = json(await get('/api/sliders'));
      expect(body.data.map((s: any) => s.title)).toEqual(['Gifts that say their name', 'Jewellery']);
      expect(body).toMatchObject({ total: 2, page: 1, hasMore: false });
      expect(body.data[0].image.original).toBe('/api/media/catalogue/slide-1.webp');
    });
  });

  describe('GET /api/brands', () => {
    it('lists brands by name', async () => {
      const body = json(await get('/api/brands'));
      expect(body.data).toEqual([
        { _id: ctx.fixtures.brands.aurora.id, name: 'Aurora Jewels', slug: 'aurora', image: expect.objectContaining({ id: 'aurora' }) },
        { _id: ctx.fixtures.brands.thrift.id, name: 'Thrift Lane', slug: 'thrift-lane', image: null },
      ]);
      expect(body).toMatchObject({ total: 2, page: 1, limit: 100, hasMore: false });
    });

    it('pages and validates', async () => {
      expect(json(await get('/api/brands?limit=1'))).toMatchObject({ total: 2, hasMore: true });
      expect(json(await get('/api/brands?limit=1&page=5'))).toMatchObject({ data: [], total: 2, hasMore: false });
      expect((await get('/api/brands?limit=x')).statusCode).toBe(400);
    });
  });
});
