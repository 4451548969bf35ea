import { createServer } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { defaultLocale, localeCookie, locales } from '../src/lib/locale/config';
import {
  ALL_TAG,
  CACHE_STATUS_HEADER,
  FILL_HEADER,
  LOCALE_COOKIE,
  LOCALES,
  MAX_AGE_MS,
  PRIVATE_CACHE_CONTROL,
  PUBLIC_CACHE_CONTROL,
  cacheablePage,
  createPageCache,
  entryFrom,
  gzipWithNonce,
  loopbackRenderer,
  memoryStore,
  redisStore,
} from './page-cache.mjs';
import { Redis } from 'ioredis';
import { randomBytes } from 'node:crypto';
import { deflateRawSync, constants } from 'node:zlib';
import { authorised, tagsFrom } from './revalidate.mjs';
import { hasCookie, withSessionHint } from './session-hint.mjs';

const get = (url, headers = {}) => ({ method: 'GET', url, headers });

describe('cacheablePage', () => {
  it('keeps the locales and cookie of src/lib/locale/config.ts', () => {
    expect(LOCALES).toEqual([...locales]);
    expect(LOCALES[0]).toBe(defaultLocale);
    expect(LOCALE_COOKIE).toBe(localeCookie);
  });

  it('keys catalogue pages by locale and a normalised query, with the tags of their data', () => {
    expect(cacheablePage(get('/product/rose-lamp'))).toEqual({
      key: 'en:http:/product/rose-lamp',
      path: '/product/rose-lamp',
      locale: 'en',
      urlLocale: null,
      https: false,
      tags: [ALL_TAG, 'product:rose-lamp', 'categories', 'settings'],
    });
    const a = cacheablePage(get('/category/lamps?sort=price&page=2&utm_source=mail', { cookie: 'x=1; NEXT_LOCALE=hi' }));
    const b = cacheablePage(get('/category/lamps?page=2&sort=price', { cookie: 'NEXT_LOCALE=hi' }));
    expect(a?.key).toBe('hi:http:/category/lamps?page=2&sort=price');
    expect(b?.key).toBe(a?.key);
    expect(a?.path).toBe('/category/lamps?page=2&sort=price');
    expect(cacheablePage(get('/', { cookie: 'NEXT_LOCALE=fr' }))?.key).toBe('en:http:/');
  });

  it("keys a prefixed URL by the URL's locale, whatever the cookie says, and shares it with the cookie's page", () => {
    expect(cacheablePage(get('/hi/product/rose-lamp', { cookie: 'NEXT_LOCALE=ar' }))).toEqual({
      key: 'hi:http:/product/rose-lamp',
      path: '/product/rose-lamp',
      locale: 'hi',
      urlLocale: 'hi',
      https: false,
      tags: ['catalogue', 'product:rose-lamp', 'categories', 'settings'],
    });
    expect(cacheablePage(get('/ar/category/lamps?page=2&utm_source=x'))?.key).toBe('ar:http:/category/lamps?page=2');
    expect(cacheablePage(get('/ar'))?.key).toBe('ar:http:/');
    expect(cacheablePage(get('/hi/faq'))?.key).toBe(cacheablePage(get('/faq', { cookie: 'NEXT_LOCALE=hi' }))?.key);
    expect(cacheablePage(get('/faq', { cookie: 'NEXT_LOCALE=hi' }))?.urlLocale).toBeNull();
    // Not a locale prefix: not a page of ours, and never cached.
    expect(cacheablePage(get('/en/faq'))).toBeNull();
    expect(cacheablePage(get('/hi/search?q=lamp'))).toBeNull();
    expect(cacheablePage(get('/', { 'x-forwarded-proto': 'https' }))?.key).toBe('en:https:/');
    for (const path of ['/', '/shop', '/category', '/terms', '/privacy', '/faq']) expect(cacheablePage(get(path)), path).not.toBeNull();
  });

  it('leaves everything else to Next.js: other pages, unknown parameters, RSC and prefetch requests, writes, fills', () => {
    for (const url of ['/search?q=lamp', '/checkout', '/my-account', '/product/a/b', '/shop?q=lamp', '/product/x?preview=1', '/admin'])
      expect(cacheablePage(get(url)), url).toBeNull();
    expect(cacheablePage(get('/product/x', { rsc: '1' }))).toBeNull();
    expect(cacheablePage(get('/product/x', { 'next-router-prefetch': '1' }))).toBeNull();
    expect(cacheablePage(get('/product/x', { [FILL_HEADER]: 'secret' }))).toBeNull();
    expect(cacheablePage({ method: 'POST', url: '/product/x', headers: { 'next-action': 'a' } })).toBeNull();
  });
});

describe('entryFrom', () => {
  const html = (nonce) => ({
    status: 200,
    headers: {
      'content-type': 'text/html; charset=utf-8',
      'content-security-policy': `script-src 'nonce-${nonce}' 'strict-dynamic'`,
      'x-request-id': 'fill-1',
      'cache-control': 'private, no-cache, no-store',
      vary: 'rsc',
    },
    body: `<script nonce="${nonce}">a</script><p>Price ₹499</p><script nonce="${nonce}">b</script>`,
  });

  it('cuts the page at its nonce and drops the per-answer headers', () => {
    const entry = entryFrom(html('QUJDREVGR0hJSktMTU5PUA=='), ['catalogue'], 5);
    expect(entry?.parts).toHaveLength(3);
    expect(entry?.cspParts).toEqual(["script-src 'nonce-", "' 'strict-dynamic'"]);
    expect(entry?.headers).toEqual({ 'content-type': 'text/html; charset=utf-8', vary: 'rsc' });
  });

  it('shares only a 200 HTML page that sets no cookie', () => {
    expect(entryFrom({ ...html('QUJDREVGR0hJSktMTU5PUA=='), status: 404 }, [], 0)).toBeNull();
    expect(entryFrom({ ...html('QUJDREVGR0hJSktMTU5PUA=='), headers: { 'content-type': 'text/html', 'set-cookie': ['a=1'] } }, [], 0)).toBeNull();
    expect(entryFrom({ status: 200, headers: { 'content-type': 'application/json' }, body: '{}' }, [], 0)).toBeNull();
  });
});

describe('gzipWithNonce', () => {
  it('is valid gzip of the page with the nonce in its places, pieces compressed once', () => {
    const page = `NONCE<html>${'<p>₹1,299 हस्तनिर्मित</p>'.repeat(2_000)}<script nonce="NONCE"></script>तोहफ़े NONCE`;
    const pieces = page.split('NONCE').map((text) => {
      const raw = Buffer.from(text, 'utf8');
      return { raw, deflated: deflateRawSync(raw, { level: 6, finishFlush: constants.Z_FULL_FLUSH }) };
    });
    for (const nonce of ['QUJDREVGR0hJSktMTU5PUA==', 'Zm9vYmFyYmF6cXV4cXV1eA==']) {
      const zipped = gzipWithNonce(pieces, nonce);
      expect(gunzipSync(zipped).toString('utf8')).toBe(page.replaceAll('NONCE', nonce));
      expect(zipped.length).toBeLessThan(Buffer.byteLength(page) / 10);
    }
  });
});

describe('createPageCache', () => {
  let server;
  afterEach(() => new Promise((resolve) => (server ? server.close(resolve) : resolve(undefined))));

  /** A server whose pages come from the cache, rendered by `render` (counted), at a clock the test moves. */
  async function start(render) {
    const clock = { now: 1_000 };
    const renders = [];
    const cache = createPageCache({
      store: memoryStore(),
      now: () => clock.now,
      render: async ({ path, locale }) => {
        renders.push(`${locale}:${path}`);
        return render(path, locale);
      },
    });
    server = createServer((request, response) => {
      cache.handle(request, response).then((served) => {
        if (!served) response.writeHead(299).end('next.js');
      });
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${server.address().port}`;
    return { cache, clock, renders, fetchPage: (path, init) => fetch(base + path, init) };
  }

  let price = 499;
  const page =
    (nonce = 'bm9uY2Utb2YtdGhlLWZpbGw=') =>
    async (path, locale) => ({
      status: path.startsWith('/product/missing') ? 404 : 200,
      headers: { 'content-type': 'text/html; charset=utf-8', 'content-security-policy': `script-src 'nonce-${nonce}'` },
      body: `<html lang="${locale}"><script nonce="${nonce}"></script>${path} ₹${price}</html>`,
    });

  it('renders a page once and answers the next requests from the cache, each with its own nonce', async () => {
    const { renders, fetchPage } = await start(page());
    const first = await fetchPage('/product/rose-lamp');
    const second = await fetchPage('/product/rose-lamp');
    expect(renders).toEqual(['en:/product/rose-lamp']);
    expect(first.headers.get(CACHE_STATUS_HEADER)).toBe('miss');
    expect(second.headers.get(CACHE_STATUS_HEADER)).toBe('hit');
    expect(second.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL);
    const nonces = [first, second].map((r) => r.headers.get('content-security-policy')?.match(/'nonce-([^']+)'/)?.[1]);
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(await second.text()).toContain(`<script nonce="${nonces[1]}">`);
  });

  it('keeps each locale apart and renders a hundred concurrent first requests once', async () => {
    const { renders, fetchPage } = await start(page());
    await Promise.all(Array.from({ length: 100 }, () => fetchPage('/')));
    const hindi = await fetchPage('/', { headers: { cookie: 'NEXT_LOCALE=hi' } });
    expect(await hindi.text()).toContain('lang="hi"');
    expect(renders).toEqual(['en:/', 'hi:/']);
  });

  it('renders again after a change to one of its tags, and not after a change to another page', async () => {
    const { cache, clock, renders, fetchPage } = await start(page());
    await fetchPage('/product/rose-lamp');
    await fetchPage('/product/blue-vase');
    clock.now += 10;
    price = 599;
    await cache.invalidate(['product:rose-lamp']);
    clock.now += 10;
    const changed = await fetchPage('/product/rose-lamp');
    expect(await changed.text()).toContain('₹599');
    expect((await fetchPage('/product/blue-vase')).headers.get(CACHE_STATUS_HEADER)).toBe('hit');
    await cache.invalidate([ALL_TAG]);
    clock.now += 10;
    await fetchPage('/product/blue-vase');
    expect(renders).toEqual(['en:/product/rose-lamp', 'en:/product/blue-vase', 'en:/product/rose-lamp', 'en:/product/blue-vase']);
    clock.now += MAX_AGE_MS + 1;
    await fetchPage('/product/blue-vase');
    expect(renders).toHaveLength(5);
  });

  it('renders a prefixed page at its prefixed URL with no cookie, and gives a visitor with another locale the cookie privately', async () => {
    const { renders, fetchPage } = await start(page());
    const first = await fetchPage('/ar/product/rose-lamp', { headers: { cookie: 'NEXT_LOCALE=hi' } });
    expect(await first.text()).toContain('lang="ar"');
    expect(first.headers.get('set-cookie')).toMatch(/^NEXT_LOCALE=ar; Path=\/;/);
    expect(first.headers.get('cache-control')).toBe(PRIVATE_CACHE_CONTROL);
    // Same page, a visitor already in Arabic, or none asked by cookie: shared, no cookie.
    const settled = await fetchPage('/ar/product/rose-lamp', { headers: { cookie: 'NEXT_LOCALE=ar' } });
    expect(settled.headers.get(CACHE_STATUS_HEADER)).toBe('hit');
    expect(settled.headers.get('set-cookie')).toBeNull();
    expect(settled.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL);
    const byCookie = await fetchPage('/product/rose-lamp', { headers: { cookie: 'NEXT_LOCALE=ar' } });
    expect(byCookie.headers.get(CACHE_STATUS_HEADER)).toBe('hit');
    expect(byCookie.headers.get('set-cookie')).toBeNull();
    // The unprefixed URL in Arabic by cookie: served from the same entry, but never to a CDN (its URL is en's).
    expect(byCookie.headers.get('cache-control')).toBe(PRIVATE_CACHE_CONTROL);
    const english = await fetchPage('/product/rose-lamp');
    expect(english.headers.get(CACHE_STATUS_HEADER)).toBe('miss');
    expect(english.headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL);
    expect((await fetchPage('/product/rose-lamp', { headers: { cookie: 'NEXT_LOCALE=en' } })).headers.get('cache-control')).toBe(PUBLIC_CACHE_CONTROL);
    expect(renders).toEqual(['ar:/product/rose-lamp', 'en:/product/rose-lamp']);
  });

  it('fills a page through the server at its locale URL, with no cookie and the fill secret', async () => {
    const seen = [];
    server = createServer((request, response) => {
      seen.push({ url: request.url, cookie: request.headers.cookie, fill: request.headers[FILL_HEADER] });
      response.writeHead(200, { 'content-type': 'text/html' }).end('ok');
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const render = loopbackRenderer({ port: server.address().port, secret: 's3cret' });
    await render({ path: '/category/lamps?page=2', locale: 'ar', https: false });
    await render({ path: '/', locale: 'hi', https: false });
    await render({ path: '/faq', locale: 'en', https: false });
    expect(seen).toEqual([
      { url: '/ar/category/lamps?page=2', cookie: undefined, fill: 's3cret' },
      { url: '/hi', cookie: undefined, fill: 's3cret' },
      { url: '/faq', cookie: undefined, fill: 's3cret' },
    ]);
  });

  it('gzips for browsers that take it, and leaves 404s and other pages to Next.js', async () => {
    const { renders, fetchPage } = await start(page());
    const zipped = await fetch(`http://127.0.0.1:${server.address().port}/terms`, { headers: { 'accept-encoding': 'gzip' } });
    expect(zipped.headers.get('content-encoding')).toBe('gzip');
    expect(await zipped.text()).toContain('/terms ₹');
    expect((await fetchPage('/product/missing')).status).toBe(299);
    expect((await fetchPage('/search?q=lamp')).status).toBe(299);
    expect(renders).toEqual(['en:/terms', 'en:/product/missing']);
  });
});

describe('revalidate requests and the session hint', () => {
  it('accepts 1 to 200 tags and the exact secret only', () => {
    expect(tagsFrom('{"tags":["product:a","products"]}')).toEqual(['product:a', 'products']);
    for (const bad of ['', 'x', '{}', '{"tags":[]}', '{"tags":[1]}', `{"tags":[${'"a",'.repeat(200)}"a"]}`]) expect(tagsFrom(bad), bad).toBeNull();
    const secret = 's'.repeat(32);
    expect(authorised(`Bearer ${secret}`, secret)).toBe(true);
    expect(authorised(`Bearer ${secret}x`, secret)).toBe(false);
    expect(authorised(undefined, secret)).toBe(false);
  });

  it('sets and clears the hint beside the session cookie, never HttpOnly', () => {
    expect(withSessionHint(['auth_token=abc; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax'])).toEqual([
      'auth_token=abc; Max-Age=604800; Path=/; HttpOnly; SameSite=Lax',
      'shop_session=1; Max-Age=604800; Path=/; SameSite=Lax',
    ]);
    expect(withSessionHint('auth_token=; Max-Age=0; Path=/')?.[1]).toBe('shop_session=; Max-Age=0; Path=/');
    expect(withSessionHint(['other=1'])).toEqual(['other=1']);
    expect(withSessionHint(undefined)).toBeUndefined();
    expect(hasCookie('a=1; auth_token=x', 'auth_token')).toBe(true);
    expect(hasCookie('auth_token_old=x', 'auth_token')).toBe(false);
  });
});

describe('the Redis store (REDIS_URL)', () => {
  it('reads a page body once per fill: a hit after that reads only its fill time and the tag stamps', async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379');
    const prefix = `test:page:${randomBytes(6).toString('hex')}:`;
    try {
      const bodies = [];
      const reader = new Proxy(redis, {
        get(target, name) {
          if (name === 'get') return (key) => (key.includes(':body:') && bodies.push(key), target.get(key));
          const value = Reflect.get(target, name);
          return typeof value === 'function' ? value.bind(target) : value;
        },
      });
      const store = redisStore(/** @type {Redis} */ (reader), { prefix });
      const entry = { headers: {}, parts: ['<p>lamp ', '</p>'], cspParts: null, tags: ['products'], filledAt: 1_000 };
      await store.set('en:http:/product/a', entry);
      const first = await store.get('en:http:/product/a', ['products']);
      expect(first.entry).toEqual(entry);
      expect(bodies).toHaveLength(1);
      // The copy this process holds is still the stored fill: answered without the body.
      const again = await store.get('en:http:/product/a', ['products'], first.entry);
      expect(again.entry).toBe(first.entry);
      expect(bodies).toHaveLength(1);
      // Another process refilled it: the new body is read.
      await store.set('en:http:/product/a', { ...entry, parts: ['<p>lamp, new price ', '</p>'], filledAt: 2_000 });
      const refilled = await store.get('en:http:/product/a', ['products'], first.entry);
      expect(refilled.entry?.parts[0]).toBe('<p>lamp, new price ');
      expect(bodies).toHaveLength(2);
      await store.stamp(['products'], 3_000);
      expect((await store.get('en:http:/product/a', ['products'], refilled.entry ?? undefined)).tagTimes).toEqual([3_000]);
      expect((await store.get('en:http:/product/none', ['products'])).entry).toBeNull();
    } finally {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
  });
});
