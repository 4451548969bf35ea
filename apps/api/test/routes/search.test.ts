import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engines, expectRefusal, json, type TestContext } from '../helpers.ts';

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
    ['missing', '', 'search_text_required', 'must not be empty'],
    ['empty', 'q=', 'search_text_required', 'must not be empty'],
    ['blank', 'q=%20%20', 'search_text_required', 'must not be empty'],
    ['too long', `q=${'a'.repeat(101)}`, 'search_text_too_long', 'must be at most 100 characters'],
    ['repeated', 'q=a&q=b', 'invalid_value', undefined],
  ])('refuses a %s q with 400 naming q', async (_label, query, code, text) => {
    const response = await ctx.app.inject({ method: 'GET', url: `/api/products/search?${query}` });
    const body = expectRefusal(response, 400, 'validation_failed', { q: code });
    expect(body.message).toMatch(/^Invalid q/);
    if (text) expect(body.errors?.q?.message).toBe(text);
    if (code === 'search_text_too_long') expect(body.errors?.q?.params).toEqual({ max: 100 });
  });

  it('refuses a NUL in q before the route: 400 invalid_characters naming q (decision 046)', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/products/search?q=%00' });
    expectRefusal(response, 400, 'invalid_characters', { q: 'invalid_characters' });
  });
});
