import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engines, json, type TestContext } from '../helpers.ts';

describe.each(engines)('GET /api/products/search on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(engine);
  });
  afterAll(async () => ctx?.close());

  const search = async (q: string, extra = '') => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/products/search?q=${encodeURIComponent(q)}${extra}` });
    expect(response.statusCode, response.body).toBe(200);
    return json(response);
  };
  const slugs = async (q: string) => (await search(q)).data.map((p: any) => p.slug) as string[];

  it('finds products by name, tags and description words', async () => {
    expect((await slugs('keychain')).sort()).toEqual(['personalised-photo-keychain', 'wooden-name-keychain']);
    expect(await slugs('acrylic')).toEqual(['personalised-photo-keychain']);
    expect((await slugs('lamps')).sort()).toEqual(['moon-lamp', 'photo-cube-lamp']);
  });

  it('tolerates typos: "keychian" finds the keychains', async () => {
    const found = await slugs('keychian');
    expect(found).toContain('personalised-photo-keychain');
    expect(found).toContain('wooden-name-keychain');
    expect(found).not.toContain('draft-keychain-prototype');
    expect(await slugs('necklase')).toContain('rose-gold-name-necklace');
  });

  it('ranks the best match first', async () => {
    expect((await slugs('rose gold necklace'))[0]).toBe('rose-gold-name-necklace');
    expect((await slugs('photo lamp'))[0]).toBe('photo-cube-lamp');
  });

  it('answers an empty page when nothing matches, and survives operators and stop words', async () => {
    expect(await search('zzzqqqxxx')).toEqual({ data: [], total: 0, page: 1, limit: 24, hasMore: false });
    for (const q of ['the', '"unterminated', 'a & b | !c', "it's", '-', '<%', '(((', '\\']) await search(q);
  });

  it('pages', async () => {
    const body = await search('keychain', '&limit=1');
    expect(body).toMatchObject({ total: 2, page: 1, limit: 1, hasMore: true });
    expect((await search('keychain', '&limit=1&page=2')).hasMore).toBe(false);
  });

  it.each([
    ['missing', ''],
    ['empty', 'q='],
    ['blank', 'q=%20%20'],
    ['too long', `q=${'a'.repeat(101)}`],
    ['repeated', 'q=a&q=b'],
    ['NUL', 'q=%00'],
  ])('refuses a %s q with 400 naming q', async (_label, query) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/products/search?${query}` });
    expect(response.statusCode).toBe(400);
    expect(json(response).errors).toHaveProperty('q');
    expect(json(response).message).toMatch(/^Invalid q/);
  });
});
