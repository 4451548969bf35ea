import { auditLog, products } from '@shop/db';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherApp } from '../auth/auth-helpers.ts';
import { engines, expectRefusal } from '../helpers.ts';
import { adminContext, type AdminContext, callAs } from './admin-helpers.ts';

/** Back office: the search's synonym table (issue 25). Staff edit it; the storefront's search follows at once. */
describe.each(engines)('/api/admin/search-synonyms on %s', (engine) => {
  let ctx: AdminContext;
  // An app with the response cache on, as shipped: a change must reach a search that was cached before it.
  let shop: FastifyInstance;
  const staff = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: unknown) => callAs(ctx, 'staff', { method, url, body }, shop);
  const search = async (q: string) =>
    (await shop.inject({ url: `/api/products/search?q=${encodeURIComponent(q)}` })).json().data.map((p: { slug: string }) => p.slug);

  beforeAll(async () => {
    ctx = await adminContext(engine);
    shop = await anotherApp(ctx, { responseCacheSeconds: 30 });
  });
  afterAll(async () => {
    await shop?.close();
    await ctx?.close();
  });

  it('lists the starter groups (Indian spellings and Hinglish)', async () => {
    const response = await staff('GET', '/api/admin/search-synonyms');
    expect(response.statusCode).toBe(200);
    const groups = response.json().data.map((g: { terms: string[] }) => g.terms);
    expect(groups).toContainEqual(expect.arrayContaining(['rakhi', 'raakhi']));
    expect(groups).toContainEqual(expect.arrayContaining(['jhumka', 'jhumki']));
    expect(groups).toContainEqual(expect.arrayContaining(['diya', 'deeya']));
    expect(groups).toContainEqual(expect.arrayContaining(['kurta', 'kurti']));
    expect(groups).toContainEqual(expect.arrayContaining(['nameplate', 'name plate']));
  });

  it('a group added, changed and removed by staff changes what search finds, with an audit record each time', async () => {
    await ctx.handle.db.update(products).set({ name: 'Moon Lamp Kandil' }).where(eq(products.slug, 'moon-lamp'));
    expect(await search('akash deep')).toEqual([]);
    const created = await staff('POST', '/api/admin/search-synonyms', { terms: ['Kandil', ' Akash  Deep ', 'kandil', 'akashdeep'] });
    expect(created.statusCode, created.body).toBe(201);
    const group = created.json();
    expect(group.terms).toEqual(['kandil', 'akash deep', 'akashdeep']);
    expect(await search('akash deep')).toEqual(['moon-lamp']);
    // Corrected towards a synonym too: "akashdeeep" is one letter from "akashdeep".
    expect(await search('akashdeeep')).toEqual(['moon-lamp']);

    const changed = await staff('PUT', `/api/admin/search-synonyms/${group._id}`, { terms: ['kandil', 'sky lantern'] });
    expect(changed.statusCode).toBe(200);
    expect(await search('akash deep')).toEqual([]);
    expect(await search('sky lantern')).toEqual(['moon-lamp']);

    expect((await staff('DELETE', `/api/admin/search-synonyms/${group._id}`)).statusCode).toBe(204);
    expect(await search('sky lantern')).toEqual([]);
    const actions = await ctx.handle.db
      .select({ action: auditLog.action })
      .from(auditLog)
      .where(sql`${auditLog.entityId} = ${group._id}`);
    expect(actions.map((a) => a.action).sort()).toEqual(['synonyms.create', 'synonyms.delete', 'synonyms.update']);
  });

  it('takes terms in Hindi and Arabic script', async () => {
    await ctx.handle.db.update(products).set({ name: 'Wooden Name Keychain राखी' }).where(eq(products.slug, 'personalised-photo-keychain'));
    const created = await staff('POST', '/api/admin/search-synonyms', { terms: ['राखी', 'rakhi', 'راخي'] });
    expect(created.statusCode).toBe(201);
    expect(await search('راخي')).toEqual(['personalised-photo-keychain']);
    await staff('DELETE', `/api/admin/search-synonyms/${created.json()._id}`);
  });

  it.each([
    ['one term', { terms: ['rakhi'] }, 'synonym_terms_too_few'],
    ['the same term twice', { terms: ['rakhi', 'Rakhi '] }, 'synonym_terms_too_few'],
    ['no terms', { terms: [] }, 'synonym_terms_too_few'],
    ['terms not a list', { terms: 'rakhi, raakhi' }, 'synonym_terms_too_few'],
    ['too many terms', { terms: Array.from({ length: 21 }, (_, i) => `word${i}`) }, 'synonym_terms_too_many'],
    ['a term too long', { terms: ['rakhi', 'r'.repeat(41)] }, 'synonym_term_too_long'],
    ['a term without letters', { terms: ['rakhi', '!!!'] }, 'synonym_term_empty'],
  ])('refuses %s with 400 naming terms', async (_label, body, code) => {
    const response = await staff('POST', '/api/admin/search-synonyms', body);
    const refusal = expectRefusal(response, 400, 'validation_failed');
    const field = Object.keys(refusal.errors ?? {})[0] ?? '';
    expect(field.startsWith('terms')).toBe(true);
    expect(refusal.errors?.[field]?.code).toBe(code);
  });

  it('answers 404 for an unknown group, and refuses customers', async () => {
    const missing = '00000000-0000-4000-8000-000000000000';
    expectRefusal(await staff('PUT', `/api/admin/search-synonyms/${missing}`, { terms: ['a1', 'b1'] }), 404, 'synonym_group_not_found');
    expectRefusal(await staff('DELETE', `/api/admin/search-synonyms/${missing}`), 404, 'synonym_group_not_found');
    expect((await callAs(ctx, 'customer', { method: 'GET', url: '/api/admin/search-synonyms' })).statusCode).toBe(403);
  });
});
