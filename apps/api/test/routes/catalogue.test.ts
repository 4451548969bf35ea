import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteSettings } from '@shop/db';
import { createTestContext, engines, expectRefusal, json, type TestContext } from '../helpers.ts';
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
        const field = query.split('=')[0] as string;
        const body = expectRefusal(response, 400, 'validation_failed', { [field]: 'invalid_value' });
        expect(body.message).toContain(field);
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
      expect(expectRefusal(missing, 404, 'category_not_found')).toEqual({ message: 'Category not found', code: 'category_not_found' });
      const bad = await get('/api/subcategories?parent=Bad%20Slug!');
      const body = expectRefusal(bad, 400, 'validation_failed', { parent: 'category_reference_invalid' });
      expect(body.errors?.parent?.message).toBe('must be a category slug or id');
      // A control character is the input guard's (decision 046), before the route's rule.
      expectRefusal(await get('/api/subcategories?parent=%00bad'), 400, 'invalid_characters', { parent: 'invalid_characters' });
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
      expect(expectRefusal(response, 404, 'category_not_found')).toEqual({ message: 'Category not found', code: 'category_not_found' });
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
      expectRefusal(await get('/api/brands?limit=x'), 400, 'validation_failed', { limit: 'invalid_value' });
    });
  });

  describe('GET /api/category/:slug/page', () => {
    const page = async (url: string) => {
      const response = await get(url);
      expect(response.statusCode, response.body).toBe(200);
      return json(response);
    };

    it('answers the category, its breadcrumb and subcategories, its products page and its facets in one call', async () => {
      const response = await get('/api/category/personalised-gifts/page');
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toMatch(/^public, max-age=30/);
      const body = json(response);
      expect(Object.keys(body).sort()).toEqual(['breadcrumb', 'category', 'facets', 'products', 'subcategories']);
      expect(body.category).toEqual(json(await get('/api/category/personalised-gifts')));
      expect(body.breadcrumb).toEqual([{ _id: ctx.fixtures.categories.personalised.id, name: 'Personalised Gifts', slug: 'personalised-gifts' }]);
      expect(body.subcategories).toEqual(json(await get('/api/subcategories?parent=personalised-gifts')).data);
      expect(body.subcategories.map((c: any) => c.slug)).toEqual(['keychains', 'lamps']);
      expect(body.products).toEqual(json(await get('/api/products?category=personalised-gifts')));
      expect(body.products).toMatchObject({ total: 4, page: 1, limit: 24, hasMore: false });
      // Keychains and lamps have no brand and no variants.
      expect(body.facets).toEqual({ brands: [], attributes: [] });
    });

    it('runs the breadcrumb from the top-level category down to this one', async () => {
      const body = await page('/api/category/keychains/page');
      expect(body.breadcrumb.map((c: any) => c.slug)).toEqual(['personalised-gifts', 'keychains']);
      expect(body.category).toMatchObject({ slug: 'keychains', productCount: 2 });
      expect(body.subcategories).toEqual([]);
    });

    it('counts the brands and attribute values of the whole category, subcategories included (drafts left out)', async () => {
      const body = await page('/api/category/jewellery/page');
      expect(body.facets).toEqual({
        brands: [{ _id: ctx.fixtures.brands.aurora.id, name: 'Aurora Jewels', slug: 'aurora', count: 2 }],
        attributes: [
          {
            name: 'colour',
            values: [
              { value: 'silver', count: 2 },
              { value: 'rose gold', count: 1 },
            ],
          },
          {
            name: 'size',
            values: [
              { value: '6', count: 1 },
              { value: '7', count: 1 },
              { value: '8', count: 1 },
            ],
          },
        ],
      });
      // The facets do not narrow with the filters chosen: an option stays offered once another is picked.
      const filtered = await page('/api/category/jewellery/page?attr=colour:rose%20gold');
      expect(filtered.facets).toEqual(body.facets);
      expect(filtered.products.data.map((p: any) => p.slug)).toEqual(['rose-gold-name-necklace']);
    });

    it('answers the same products page as GET /api/products for the same filters, sort and page', async () => {
      for (const query of [
        'sort=price_asc&limit=1&page=2',
        'inStock=true&sort=popularity',
        'minPrice=50000&maxPrice=99900',
        'brand=aurora',
        'brand=nobody',
        'attr=size:7',
      ]) {
        const body = await page(`/api/category/jewellery/page?${query}`);
        expect(body.products, query).toEqual(json(await get(`/api/products?category=jewellery&${query}`)));
      }
    });

    it('names its category by the path only: a stray category parameter is ignored', async () => {
      const body = await page('/api/category/lamps/page?category=jewellery');
      expect(body.products.data.map((p: any) => p.category.slug)).toEqual(['lamps', 'lamps']);
    });

    it.each(['no-such-category', 'UPPER', '%E2%82%AC', 'a'.repeat(150)])('answers 404 category_not_found for %s', async (slug) => {
      const response = await get(`/api/category/${slug}/page`);
      expect(expectRefusal(response, 404, 'category_not_found')).toEqual({ message: 'Category not found', code: 'category_not_found' });
    });

    it.each([
      ['sort', 'sort=cheapest', 'sort_unknown'],
      ['attr', 'attr=colour', 'attribute_filter_invalid'],
      ['page', 'page=0', 'invalid_value'],
      ['limit', 'limit=61', 'invalid_value'],
    ])('refuses a bad %s (%s) with its code', async (field, query, code) => {
      const response = await get(`/api/category/jewellery/page?${query}`);
      expect(expectRefusal(response, 400, 'validation_failed', { [field]: code }).message).toContain(field);
    });
  });

  describe('GET /api/headers before the shop is set up', () => {
    it('answers 404 site_settings_not_found', async () => {
      const saved = await ctx.handle.db.select().from(siteSettings);
      await ctx.handle.db.delete(siteSettings);
      try {
        const response = await get('/api/headers');
        expect(expectRefusal(response, 404, 'site_settings_not_found')).toEqual({ message: 'Site settings not found', code: 'site_settings_not_found' });
      } finally {
        await ctx.handle.db.insert(siteSettings).values(saved);
      }
    });
  });
});
