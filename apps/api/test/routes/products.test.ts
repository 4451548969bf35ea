import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engines, expectRefusal, json, type TestContext } from '../helpers.ts';

describe.each(engines)('GET /api/products on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(engine);
  });
  afterAll(async () => ctx?.close());

  const get = (url: string) => ctx.app.inject({ method: 'GET', url });
  const slugs = async (url: string) => {
    const response = await get(url);
    expect(response.statusCode, response.body).toBe(200);
    return json(response).data.map((p: any) => p.slug) as string[];
  };

  it('lists published products, newest first (sold out last), with the summary shape', async () => {
    const response = await get('/api/products');
    expect(response.statusCode).toBe(200);
    const body = json(response);
    expect(body).toMatchObject({ total: 7, page: 1, limit: 24, hasMore: false });
    expect(body.data.map((p: any) => p.slug)).toEqual([
      'cotton-frock',
      'silver-band-ring',
      'rose-gold-name-necklace',
      'photo-cube-lamp',
      'moon-lamp',
      'personalised-photo-keychain',
      // The newest, but sold out: after every available product (issue 25).
      'wooden-name-keychain',
    ]);
    const keychain = body.data.find((p: any) => p.slug === 'personalised-photo-keychain');
    expect(keychain).toEqual({
      _id: ctx.fixtures.products.photoKeychain!.id,
      name: 'Personalised Photo Keychain',
      slug: 'personalised-photo-keychain',
      image: {
        id: 'personalised-photo-keychain-1',
        original: '/api/media/catalogue/personalised-photo-keychain-1.webp',
        width: 800,
        height: 800,
        alt: 'personalised-photo-keychain-1',
      },
      price: 29_900,
      mrp: 49_900,
      discountPercent: 40,
      stock: 10,
      inStock: true,
      cod: true,
      product_customization: { type: 'image', mediaLimit: 1 },
      rating: { average: 0, count: 0 },
      hasVariants: false,
      flashSaleEndsAt: null,
      category: { _id: ctx.fixtures.categories.keychains.id, name: 'Keychains', slug: 'keychains' },
    });
    const necklace = body.data.find((p: any) => p.slug === 'rose-gold-name-necklace');
    expect(necklace).toMatchObject({ hasVariants: true, cod: false, product_customization: { type: 'text', mediaLimit: 1 } });
    expect(new Date(necklace.flashSaleEndsAt).getTime()).toBeGreaterThan(Date.now());
    expect(body.data.some((p: any) => p.slug === 'draft-keychain-prototype')).toBe(false);
    expect(response.headers['cache-control']).toBe('public, max-age=30, stale-while-revalidate=60');
  });

  it('filters by category including subcategories', async () => {
    expect(await slugs('/api/products?category=keychains')).toEqual(['personalised-photo-keychain', 'wooden-name-keychain']);
    expect((await slugs('/api/products?category=personalised-gifts')).sort()).toEqual([
      'moon-lamp',
      'personalised-photo-keychain',
      'photo-cube-lamp',
      'wooden-name-keychain',
    ]);
  });

  // A parent category's page is merged from each subcategory's own first rows: page by page it must
  // give exactly the one-page answer, in the sort's order.
  it.each(['newest', 'price_asc', 'price_desc', 'popularity', 'discount'])('pages a parent category sorted by %s without gaps or repeats', async (sort) => {
    const all = json(await get(`/api/products?category=personalised-gifts&sort=${sort}&limit=50`));
    expect(all.data).toHaveLength(4);
    const paged: string[] = [];
    for (let page = 1; page <= 4; page++) {
      const body = json(await get(`/api/products?category=personalised-gifts&sort=${sort}&limit=1&page=${page}`));
      expect(body.hasMore).toBe(page < 4);
      paged.push(...body.data.map((p: any) => p.slug));
    }
    expect(paged).toEqual(all.data.map((p: any) => p.slug));
    const key = { price_asc: 'price', price_desc: 'price', popularity: null, discount: 'discountPercent', newest: null }[sort];
    if (key) {
      // Available first, then by the sort's key.
      const values = all.data.map((p: any) => [p.inStock ? 0 : 1, p[key] as number]);
      const sorted = [...values].sort((a, b) => a[0] - b[0] || (sort === 'price_asc' ? a[1] - b[1] : b[1] - a[1]));
      expect(values).toEqual(sorted);
    }
  });

  it('filters a parent category by price and stock across its subcategories', async () => {
    const body = json(await get('/api/products?category=personalised-gifts&sort=price_asc&inStock=true&minPrice=1&maxPrice=99999999'));
    const prices = body.data.map((p: any) => p.price as number);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect(body.data.every((p: any) => p.inStock)).toBe(true);
  });

  it('answers an empty page for an unknown category or brand', async () => {
    expect(json(await get('/api/products?category=nothing-here'))).toEqual({ data: [], total: 0, page: 1, limit: 24, hasMore: false });
    expect(json(await get('/api/products?brand=nobody'))).toMatchObject({ data: [], total: 0 });
  });

  it('filters by brand', async () => {
    expect((await slugs('/api/products?brand=aurora')).sort()).toEqual(['rose-gold-name-necklace', 'silver-band-ring']);
  });

  it('filters by price range in paise, inclusive', async () => {
    const found = await slugs('/api/products?minPrice=59900&maxPrice=99900&sort=price_asc');
    expect(found.slice(0, 2)).toEqual(['silver-band-ring', 'cotton-frock']);
    // Two products cost 99,900 paise; their order is by id, which is random.
    expect(found.slice(2).sort()).toEqual(['moon-lamp', 'rose-gold-name-necklace']);
    expect(await slugs('/api/products?minPrice=150000')).toEqual([]);
  });

  it('filters by attribute values, case-insensitively; alternatives within one attribute', async () => {
    expect(await slugs('/api/products?attr=Colour:Rose%20Gold')).toEqual(['rose-gold-name-necklace']);
    expect((await slugs('/api/products?attr=colour:silver')).sort()).toEqual(['rose-gold-name-necklace', 'silver-band-ring']);
    expect(await slugs('/api/products?attr=colour:silver&attr=size:7')).toEqual(['silver-band-ring']);
    expect((await slugs('/api/products?attr=size:7&attr=size:m')).sort()).toEqual(['cotton-frock', 'silver-band-ring']);
    expect(await slugs('/api/products?attr=colour:gold')).toEqual([]);
  });

  it('filters to products in stock', async () => {
    const inStock = await slugs('/api/products?inStock=true');
    expect(inStock).not.toContain('wooden-name-keychain');
    expect(inStock).toHaveLength(6);
    expect(await slugs('/api/products?inStock=false')).toHaveLength(7);
  });

  it.each([
    ['price_asc', (p: any[]) => p.map((x) => x.price), (a: number, b: number) => a <= b],
    ['price_desc', (p: any[]) => p.map((x) => x.price), (a: number, b: number) => a >= b],
    ['discount', (p: any[]) => p.map((x) => x.discountPercent), (a: number, b: number) => a >= b],
  ] as const)('sorts by %s', async (sort, pick, ordered) => {
    const data = json(await get(`/api/products?sort=${sort}`)).data;
    const values = pick(data);
    expect(values).toHaveLength(7);
    // Available products first, each part in the sort's order.
    const firstSoldOut = data.findIndex((p: any) => !p.inStock);
    expect(data.slice(firstSoldOut).every((p: any) => !p.inStock)).toBe(true);
    for (let i = 1; i < values.length; i++) if (i !== firstSoldOut) expect(ordered(values[i - 1], values[i])).toBe(true);
  });

  it('sorts by popularity (units sold)', async () => {
    expect((await slugs('/api/products?sort=popularity')).slice(0, 3)).toEqual(['moon-lamp', 'rose-gold-name-necklace', 'personalised-photo-keychain']);
  });

  it('pages with an exact hasMore and total', async () => {
    const first = json(await get('/api/products?limit=3&sort=price_asc'));
    expect(first).toMatchObject({ total: 7, page: 1, limit: 3, hasMore: true });
    const third = json(await get('/api/products?limit=3&page=3&sort=price_asc'));
    expect(third).toMatchObject({ total: 7, page: 3, limit: 3, hasMore: false });
    expect(third.data).toHaveLength(1);
    const beyond = json(await get('/api/products?limit=3&page=9'));
    expect(beyond).toMatchObject({ data: [], total: 7, hasMore: false });
    const all = [...first.data, ...json(await get('/api/products?limit=3&page=2&sort=price_asc')).data, ...third.data];
    expect(new Set(all.map((p: any) => p._id)).size).toBe(7);
  });

  it.each([
    ['sort', 'sort=cheapest', 'sort_unknown'],
    ['limit', 'limit=61', 'invalid_value'],
    ['limit', 'limit=0', 'invalid_value'],
    ['page', 'page=0', 'invalid_value'],
    ['page', 'page=1001', 'invalid_value'],
    ['page', 'page=1.5', 'invalid_value'],
    ['minPrice', 'minPrice=-1', 'invalid_value'],
    ['minPrice', 'minPrice=abc', 'invalid_value'],
    ['maxPrice', 'maxPrice=99999999999999999999999', 'invalid_value'],
    ['maxPrice', 'maxPrice=2147483648', 'invalid_value'],
    ['inStock', 'inStock=yes', 'invalid_value'],
    ['category', 'category=Bad%20Slug', 'invalid_value'],
    ['category', 'category=a&category=b', 'invalid_value'],
    ['attr', 'attr=colour', 'attribute_filter_invalid'],
    ['attr', 'attr=:red', 'attribute_filter_invalid'],
    ['attr', `attr=${'x'.repeat(101)}:y`, 'invalid_value'],
    ['attr', Array.from({ length: 21 }, (_, i) => `attr=size:${i}`).join('&'), 'attribute_filters_too_many'],
  ])('refuses a bad %s (%s) with 400 naming it', async (field, query, code) => {
    const response = await get(`/api/products?${query}`);
    const body = expectRefusal(response, 400, 'validation_failed', { [field]: code });
    expect(body.message).toContain(field);
    expect(Object.keys(body.errors ?? {})[0]).toBe(field);
  });

  it('refuses a NUL in a filter (brand=%00) before the route: 400 invalid_characters naming brand (decision 046)', async () => {
    expectRefusal(await get('/api/products?brand=%00'), 400, 'invalid_characters', { brand: 'invalid_characters' });
  });

  it('says which sorts exist and which attribute form it takes', async () => {
    const sort = expectRefusal(await get('/api/products?sort=cheapest'), 400, 'validation_failed', { sort: 'sort_unknown' });
    expect(sort.errors?.sort).toEqual({
      code: 'sort_unknown',
      message: 'must be one of: newest, price_asc, price_desc, popularity, discount',
      params: { sorts: 'newest, price_asc, price_desc, popularity, discount' },
    });
    expect(sort.message).toBe('Invalid sort: must be one of: newest, price_asc, price_desc, popularity, discount');
    const attr = expectRefusal(await get('/api/products?attr=colour'), 400, 'validation_failed', { attr: 'attribute_filter_invalid' });
    expect(attr.message).toBe('Invalid attr: must be name:value, e.g. colour:rose gold');
    const many = expectRefusal(await get(`/api/products?${Array.from({ length: 21 }, (_, i) => `attr=size:${i}`).join('&')}`), 400, 'validation_failed');
    expect(many.errors?.attr).toEqual({ code: 'attribute_filters_too_many', message: 'must be given at most 20 times', params: { max: 20 } });
  });

  it('ignores unknown query parameters', async () => {
    expect((await get('/api/products?colour=red&__proto__=x')).statusCode).toBe(200);
  });
});

describe.each(engines)('product rails on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(engine);
  });
  afterAll(async () => ctx?.close());

  const slugs = async (url: string) => {
    const response = await ctx.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return json(response).data.map((p: any) => p.slug) as string[];
  };

  it('featured: flagged products, newest first', async () => {
    expect(await slugs('/api/products/featured')).toEqual(['photo-cube-lamp', 'personalised-photo-keychain']);
  });

  it('flash-sale: only sales still running, soonest ending first', async () => {
    expect(await slugs('/api/products/flash-sale')).toEqual(['rose-gold-name-necklace', 'moon-lamp']);
  });

  it('best-selling and its two aliases: units sold, most first, nothing sold out', async () => {
    const expected = ['moon-lamp', 'rose-gold-name-necklace', 'personalised-photo-keychain', 'silver-band-ring', 'cotton-frock', 'photo-cube-lamp'];
    expect(await slugs('/api/products/best-selling')).toEqual(expected);
    expect(await slugs('/api/products_top_seller')).toEqual(expected);
    expect(await slugs('/api/products_best_seller')).toEqual(expected);
  });

  it('uniques, new arrivals and on selling', async () => {
    expect(await slugs('/api/products/uniques')).toEqual(['silver-band-ring', 'photo-cube-lamp']);
    // The sold-out keychain is a new arrival too, but a rail never promotes what cannot be bought.
    expect(await slugs('/api/products/new-arrivals')).toEqual(['cotton-frock']);
    expect(await slugs('/api/products/on-selling')).toEqual(['cotton-frock', 'moon-lamp']);
  });

  it('rails take a limit and pages', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/products/best-selling?limit=2' });
    expect(json(response)).toMatchObject({ page: 1, limit: 2, total: 6, hasMore: true });
    expect(json(response).data).toHaveLength(2);
    expectRefusal(await ctx.app.inject({ method: 'GET', url: '/api/products/featured?limit=100' }), 400, 'validation_failed', { limit: 'invalid_value' });
    expectRefusal(await ctx.app.inject({ method: 'GET', url: '/api/products/uniques?page=x' }), 400, 'validation_failed', { page: 'invalid_value' });
  });
});
