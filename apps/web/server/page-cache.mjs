// @ts-check
// The storefront's shared page cache (docs/decisions/095): the catalogue's HTML pages (home, categories, products, the
// shop listing and the information pages) are rendered once per locale, as an anonymous visitor sees them, and served
// from the cache until the API says their data changed (by tag) or a minute has passed. Everything per-shopper stays
// out of the cached HTML: a page is filled by a request of our own that carries no cookie (the locale is in its URL,
// decision 113), so the root layout renders it signed out; the browser then learns the visitor's state by itself (the session hint cookie,
// server/session-hint.mjs). The Content-Security-Policy nonce, the one per-response value in the page, is replaced by
// a fresh one on every answer, so no two answers share a nonce (decision 044).
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { constants, crc32, deflateRawSync } from 'node:zlib';
import { LOCALES, LOCALE_COOKIE, cookieLocale, localeCookieToSet, localizedPath, splitLocalePrefix } from './locale-url.mjs';

/**
 * Gzip without compressing per answer (the nonce changes the bytes of every answer): each piece of the page between
 * two nonces is compressed once, as a raw deflate stream ended with a full flush (byte-aligned, no final block, no
 * back-references into the next piece), and an answer is the gzip header, the pieces with the nonce between them as
 * stored (uncompressed) blocks, an empty final block, and the CRC-32 and length of what it decompresses to (RFC 1951
 * §3.2.4, RFC 1952). The CRC is computed per answer, which costs microseconds.
 */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3]);
const FINAL_EMPTY_BLOCK = Buffer.from([1, 0, 0, 0xff, 0xff]);

/** @param {string} text */
function compressedPiece(text) {
  const raw = Buffer.from(text, 'utf8');
  return { raw, deflated: deflateRawSync(raw, { level: 6, finishFlush: constants.Z_FULL_FLUSH }) };
}

/** A stored deflate block (not final) holding `bytes` (at most 65,535). */
function storedBlock(bytes) {
  const header = Buffer.alloc(5);
  header[0] = 0;
  header.writeUInt16LE(bytes.length, 1);
  header.writeUInt16LE(~bytes.length & 0xffff, 3);
  return [header, bytes];
}

/**
 * The page as gzip, with `nonce` between its pieces.
 * @param {{ raw: Buffer, deflated: Buffer }[]} pieces
 * @param {string} nonce
 */
export function gzipWithNonce(pieces, nonce) {
  const nonceBytes = Buffer.from(nonce, 'utf8');
  /** @type {Buffer[]} */
  const out = [GZIP_HEADER];
  let crc = 0;
  let size = 0;
  pieces.forEach((piece, i) => {
    if (i > 0) {
      out.push(...storedBlock(nonceBytes));
      crc = crc32(nonceBytes, crc);
      size += nonceBytes.length;
    }
    out.push(piece.deflated);
    crc = crc32(piece.raw, crc);
    size += piece.raw.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc >>> 0, 0);
  trailer.writeUInt32LE(size >>> 0, 4);
  out.push(FINAL_EMPTY_BLOCK, trailer);
  return Buffer.concat(out);
}

/**
 * The page as it is, with `nonce` between its pieces.
 * @param {{ raw: Buffer }[]} pieces
 * @param {string} nonce
 */
export function withNonce(pieces, nonce) {
  const nonceBytes = Buffer.from(nonce, 'utf8');
  return Buffer.concat(pieces.flatMap((piece, i) => (i > 0 ? [nonceBytes, piece.raw] : [piece.raw])));
}

/** The header on every answer the cache decides on: hit, miss, stale (a refill is running) or bypass. */
export const CACHE_STATUS_HEADER = 'x-page-cache';
/** The header a fill request carries, with this process's secret, so it is rendered and not answered from the cache. */
export const FILL_HEADER = 'x-page-cache-fill';

/** Locales and the cookie that picks one: src/lib/locale/config.ts (a test keeps the two equal). */
export { LOCALES, LOCALE_COOKIE };

/**
 * What a CDN may do with a cached page: keep it 5 s, then serve it stale for up to 55 s more while it asks again. Five
 * seconds is the longest a change may take to show (issue 23); the origin's own copy is invalidated at once.
 */
export const PUBLIC_CACHE_CONTROL = 'public, max-age=0, s-maxage=5, stale-while-revalidate=55';
/** An answer that sets the visitor's locale cookie (a prefixed URL, a visitor whose cookie says otherwise): theirs alone. */
export const PRIVATE_CACHE_CONTROL = 'private, no-cache, no-store';
/** The origin's copy is refreshed at least this often, for changes no one announces (as Next's data cache did). */
export const MAX_AGE_MS = 60_000;
/** A stale page waits this long for its refill before the stale copy is served (the refill goes on). */
export const REFILL_WAIT_MS = 1_500;

/** Every cached page carries this tag: the API's catalogue-wide change (no finer tag given) expires them all. */
export const ALL_TAG = 'catalogue';

/** Query parameters that only trackers read: left out of the key and of the page rendered. */
const TRACKING = /^(utm_[a-z]+|gclid|fbclid|msclkid|ref)$/;
// src/modules/catalogue/lib/listing-params.ts's parameters (a search, `q`, is never cached).
const LISTING = new Set(['category', 'brand', 'min', 'max', 'attr', 'inStock', 'sort', 'page']);

/**
 * The cacheable routes, each with the query parameters its page reads and the tags of the data it shows. A request
 * with any other parameter is rendered as before (a search, a preview), never cached.
 * @type {{ pattern: RegExp, query: Set<string>, tags: (match: RegExpMatchArray) => string[] }[]}
 */
const ROUTES = [
  { pattern: /^\/$/, query: new Set(), tags: () => ['products', 'categories', 'sliders', 'settings'] },
  { pattern: /^\/shop$/, query: LISTING, tags: () => ['products', 'categories', 'brands', 'settings'] },
  { pattern: /^\/category$/, query: new Set(), tags: () => ['categories', 'settings'] },
  {
    pattern: /^\/category\/([^/]+)$/,
    query: LISTING,
    tags: (m) => ['products', 'categories', `category:${m[1]}`, 'brands', 'settings'],
  },
  { pattern: /^\/product\/([^/]+)$/, query: new Set(['variant']), tags: (m) => [`product:${m[1]}`, 'categories', 'settings'] },
  { pattern: /^\/(terms|privacy|faq)$/, query: new Set(), tags: () => ['settings'] },
];

/** The locale an unprefixed request renders in: its NEXT_LOCALE cookie, when it names a supported locale, else en. */
export function localeOf(cookieHeader) {
  return cookieLocale(cookieHeader) ?? LOCALES[0];
}

/**
 * Whether a request may be answered from the cache, and under which key. Only a document request for a page: not an
 * RSC payload or prefetch for client-side navigation (those vary by router state), not a server action, not a fill.
 * The locale is the URL's (`/hi/…`, `/ar/…`, decision 113), else the NEXT_LOCALE cookie's, else en; `path` is the
 * page's unprefixed path and `urlLocale` the prefix's locale (null without one).
 * @param {{ method?: string, url?: string, headers: Record<string, string | string[] | undefined> }} request
 * @returns {{ key: string, path: string, locale: string, urlLocale: string | null, https: boolean, tags: string[] } | null}
 */
export function cacheablePage(request) {
  if (request.method !== 'GET' && request.method !== 'HEAD') return null;
  const h = request.headers;
  if (h.rsc || h['next-router-prefetch'] || h['next-router-state-tree'] || h['next-action'] || h[FILL_HEADER]) return null;
  const prefixed = splitLocalePrefix(request.url);
  let url;
  try {
    url = new URL(prefixed?.url ?? request.url ?? '/', 'http://page-cache.invalid');
  } catch {
    return null;
  }
  for (const route of ROUTES) {
    const match = url.pathname.match(route.pattern);
    if (!match) continue;
    const kept = [];
    for (const [name, value] of url.searchParams) {
      if (TRACKING.test(name)) continue;
      if (!route.query.has(name)) return null;
      kept.push([name, value]);
    }
    // One key for the same question asked in any order.
    kept.sort(([a, x], [b, y]) => (a === b ? (x < y ? -1 : x > y ? 1 : 0) : a < b ? -1 : 1));
    const query = new URLSearchParams(kept).toString();
    const path = url.pathname + (query ? `?${query}` : '');
    const urlLocale = prefixed?.locale ?? null;
    const locale = urlLocale ?? localeOf(typeof h.cookie === 'string' ? h.cookie : undefined);
    // Over https (a TLS proxy says so) the page's headers differ (HSTS, upgrade-insecure-requests): its own copy.
    const https =
      String(h['x-forwarded-proto'] ?? '')
        .split(',')[0]
        ?.trim() === 'https';
    const tags = [ALL_TAG, ...route.tags(match).map((tag) => decodeURIComponent(tag))];
    // A Hindi page is the same whether its URL or the visitor's cookie asked for it (src/i18n/request.ts): one key.
    return { key: `${locale}:${https ? 'https' : 'http'}:${path}`, path, locale, urlLocale, https, tags };
  }
  return null;
}

/** Response headers a cached page keeps: not the per-answer ones (set again each time) nor cookies (never cached). */
const DROPPED = new Set([
  'cache-control',
  'connection',
  'content-encoding',
  'content-length',
  'date',
  'keep-alive',
  'set-cookie',
  'transfer-encoding',
  'x-request-id',
  CACHE_STATUS_HEADER,
]);

/**
 * A cached page: its headers and body cut at the nonce, the tags of its data and when its fill began.
 * @typedef {{ headers: Record<string, string>, parts: string[], cspParts: string[] | null, tags: string[], filledAt: number }} Entry
 */

/**
 * Turns a rendered page into an entry, or null when it must not be shared: not a 200 HTML page, or it sets a cookie.
 * The nonce comes from the page's Content-Security-Policy header (src/proxy.ts made it for the fill).
 * @param {{ status: number, headers: Record<string, string | string[] | undefined>, body: string }} page
 * @param {string[]} tags
 * @param {number} filledAt
 * @returns {Entry | null}
 */
export function entryFrom(page, tags, filledAt) {
  if (page.status !== 200 || page.headers['set-cookie']) return null;
  if (!String(page.headers['content-type'] ?? '').startsWith('text/html')) return null;
  /** @type {Record<string, string>} */
  const headers = {};
  for (const [name, value] of Object.entries(page.headers)) {
    if (value === undefined || DROPPED.has(name)) continue;
    headers[name] = Array.isArray(value) ? value.join(', ') : value;
  }
  const csp = headers['content-security-policy'];
  const nonce = csp?.match(/'nonce-([A-Za-z0-9+/=_-]{16,})'/)?.[1];
  if (csp && nonce) delete headers['content-security-policy'];
  return {
    headers,
    parts: nonce ? page.body.split(nonce) : [page.body],
    cspParts: csp && nonce ? csp.split(nonce) : null,
    tags,
    filledAt,
  };
}

/** Whether an entry still holds: younger than MAX_AGE_MS and filled after every change to its tags began. */
export function isFresh(entry, tagTimes, now) {
  if (now - entry.filledAt > MAX_AGE_MS) return false;
  return entry.tags.every((tag, i) => (tagTimes[i] ?? 0) < entry.filledAt);
}

/**
 * The memory store: one process's pages (bounded, oldest first out) and the time each tag last changed.
 * @param {{ maxEntries?: number }} [options]
 */
export function memoryStore({ maxEntries = 2_000 } = {}) {
  /** @type {Map<string, Entry>} */
  const pages = new Map();
  /** @type {Map<string, number>} */
  const tagTimes = new Map();
  return {
    /** @param {string} key @param {string[]} tags */
    async get(key, tags) {
      return { entry: pages.get(key) ?? null, tagTimes: tags.map((tag) => tagTimes.get(tag) ?? 0) };
    },
    /** @param {string} key @param {Entry} entry */
    async set(key, entry) {
      pages.delete(key);
      pages.set(key, entry);
      while (pages.size > maxEntries) pages.delete(/** @type {string} */ (pages.keys().next().value));
    },
    /** @param {string[]} tags @param {number} time */
    async stamp(tags, time) {
      for (const tag of tags) tagTimes.set(tag, Math.max(time, tagTimes.get(tag) ?? 0));
    },
  };
}

/**
 * The Redis store (REDIS_URL): every storefront process shares the pages and the tag times, so a page rendered by one
 * is served by all, and a change stamped by one expires the page for all.
 * @param {import('ioredis').Redis} redis
 * @param {{ prefix?: string }} [options]
 */
export function redisStore(redis, { prefix = 'shop:page:' } = {}) {
  const tagsKey = `${prefix}tags`;
  // The page and the time it was filled under two keys: a hit reads the time (a few bytes) with the tags' stamps, and
  // the page itself (~100–150 kB of JSON to fetch and parse) only when this process has not seen that fill yet.
  const bodyKey = (/** @type {string} */ key) => `${prefix}body:${key}`;
  const timeKey = (/** @type {string} */ key) => `${prefix}at:${key}`;
  return {
    /**
     * @param {string} key @param {string[]} tags
     * @param {Entry} [known] the copy this process already holds: answered again if it is still the stored one
     */
    async get(key, tags, known) {
      const [[, at], [, times]] = /** @type {[[unknown, string | null], [unknown, (string | null)[]]]} */ (
        await redis
          .multi()
          .get(timeKey(key))
          .hmget(tagsKey, ...tags)
          .exec()
      );
      const tagTimes = times.map((t) => Number(t ?? 0));
      if (at === null) return { entry: null, tagTimes };
      if (known && String(known.filledAt) === at) return { entry: known, tagTimes };
      const raw = await redis.get(bodyKey(key));
      return { entry: raw ? /** @type {Entry} */ (JSON.parse(raw)) : null, tagTimes };
    },
    /** @param {string} key @param {Entry} entry */
    async set(key, entry) {
      // Kept a little past MAX_AGE_MS so a stale copy can still be served while its refill runs. The body first: a
      // reader that sees the new time finds the new body (or, expired, none).
      await redis
        .multi()
        .set(bodyKey(key), JSON.stringify(entry), 'PX', MAX_AGE_MS * 5)
        .set(timeKey(key), String(entry.filledAt), 'PX', MAX_AGE_MS * 5)
        .exec();
    },
    /** @param {string[]} tags @param {number} time */
    async stamp(tags, time) {
      if (tags.length === 0) return;
      await redis.hset(tagsKey, Object.fromEntries(tags.map((tag) => [tag, String(time)])));
    },
  };
}

/** A nonce like src/lib/security-headers.ts makes: 128 random bits, base64. */
function newNonce() {
  return randomBytes(16).toString('base64');
}

/**
 * Renders a page through this same server, as an anonymous visitor in `locale`: no cookie, the locale from its URL
 * prefix (`/hi/…`; en's unprefixed), so a shared page never depends on who asked.
 * @param {{ port: number, secret: string }} self
 * @returns {(page: { path: string, locale: string, https: boolean }) => Promise<{ status: number, headers: import('node:http').IncomingHttpHeaders, body: string }>}
 */
export function loopbackRenderer({ port, secret }) {
  return ({ path, locale, https }) =>
    new Promise((resolve, reject) => {
      /** @type {Record<string, string>} */
      const headers = { [FILL_HEADER]: secret, accept: 'text/html', 'accept-encoding': 'identity' };
      if (https) headers['x-forwarded-proto'] = 'https';
      const target = localizedPath(path, locale);
      const req = httpRequest({ host: '127.0.0.1', port, path: target, method: 'GET', headers, timeout: 30_000 }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      });
      req.on('timeout', () => req.destroy(new Error(`page cache: rendering ${path} took over 30 s`)));
      req.on('error', reject);
      req.end();
    });
}

/**
 * The page cache. `handle` answers a cacheable request from the cache (filling it when needed) and returns true, or
 * returns false for Next.js to render the request as before. `invalidate` stamps tags as changed now.
 * @param {{
 *   store: ReturnType<typeof memoryStore> | ReturnType<typeof redisStore>,
 *   render: (page: { path: string, locale: string, https: boolean }) => Promise<{ status: number, headers: Record<string, string | string[] | undefined>, body: string }>,
 *   now?: () => number,
 *   onError?: (error: unknown) => void,
 * }} options
 */
export function createPageCache({ store, render, now = Date.now, onError = (e) => console.error('[web] page cache:', e) }) {
  /** Fills in flight in this process, one per key: a hundred shoppers on a cold page cause one render. */
  /** @type {Map<string, Promise<Entry | null>>} */
  const filling = new Map();
  /** Each entry's pieces as UTF-8 and deflated, made on its first answer in this process (the store keeps text only). */
  /** @type {WeakMap<Entry, { raw: Buffer, deflated: Buffer }[]>} */
  const compressed = new WeakMap();
  /** The last entries read from the store, so a Redis answer's pieces are not compressed again on every hit. */
  /** @type {Map<string, Entry>} */
  const recent = new Map();

  /** @param {{ key: string, path: string, locale: string, https: boolean, tags: string[] }} page */
  function fill(page) {
    const running = filling.get(page.key);
    if (running) return running;
    const filledAt = now();
    const promise = render(page)
      .then(async (rendered) => {
        const entry = entryFrom(rendered, page.tags, filledAt);
        if (entry) await store.set(page.key, entry);
        return entry;
      })
      .finally(() => filling.delete(page.key));
    filling.set(page.key, promise);
    return promise;
  }

  /**
   * @param {Entry} entry
   * @param {string} status
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   * @param {{ urlLocale: string | null, locale: string }} page
   */
  function send(entry, status, request, response, { urlLocale, locale }) {
    const nonce = newNonce();
    for (const [name, value] of Object.entries(entry.headers)) response.setHeader(name, value);
    if (entry.cspParts) response.setHeader('content-security-policy', entry.cspParts.join(nonce));
    // A visitor arriving on /hi/… whose cookie says otherwise is given the cookie, so the unprefixed links they follow
    // stay in Hindi; that one answer is theirs alone (a CDN keeps no Set-Cookie), every other is shared.
    const cookie = urlLocale ? localeCookieToSet(urlLocale, typeof request.headers.cookie === 'string' ? request.headers.cookie : undefined) : null;
    if (cookie) response.appendHeader('set-cookie', cookie);
    // An unprefixed URL answered in Hindi or Arabic because of the visitor's cookie: a CDN keying by URL alone would
    // replay it to everyone, so it is theirs alone (its shared URL is /hi/… or /ar/…, decision 113).
    const byCookie = !urlLocale && locale !== LOCALES[0];
    response.setHeader('cache-control', cookie || byCookie ? PRIVATE_CACHE_CONTROL : PUBLIC_CACHE_CONTROL);
    response.setHeader(CACHE_STATUS_HEADER, status);
    // No Age header: the copy is as fresh as the last change the API announced, however long ago it was rendered.
    const accepts = String(request.headers['accept-encoding'] ?? '');
    // Each piece is encoded and deflated once per entry in this process; an answer only adds its nonce between them.
    let pieces = compressed.get(entry);
    if (!pieces) {
      pieces = entry.parts.map(compressedPiece);
      compressed.set(entry, pieces);
    }
    let bytes;
    if (/\bgzip\b/.test(accepts)) {
      bytes = gzipWithNonce(pieces, nonce);
      response.setHeader('content-encoding', 'gzip');
    } else bytes = withNonce(pieces, nonce);
    response.setHeader('content-length', String(bytes.length));
    response.statusCode = 200;
    response.end(request.method === 'HEAD' ? undefined : bytes);
  }

  return {
    /**
     * @param {import('node:http').IncomingMessage} request
     * @param {import('node:http').ServerResponse} response
     * @returns {Promise<boolean>}
     */
    async handle(request, response) {
      const page = cacheablePage(request);
      if (!page) return false;
      let found;
      try {
        found = await store.get(page.key, page.tags, recent.get(page.key));
      } catch (error) {
        // A store that is down costs speed, not pages: Next.js renders the request as before.
        onError(error);
        return false;
      }
      const { tagTimes } = found;
      // The same page read again from Redis is a new object: the one already seen keeps its compressed pieces.
      let entry = found.entry;
      const seen = recent.get(page.key);
      if (entry && seen && seen.filledAt === entry.filledAt) entry = seen;
      else if (entry) {
        recent.delete(page.key);
        recent.set(page.key, entry);
        if (recent.size > 2_000) recent.delete(/** @type {string} */ (recent.keys().next().value));
      }
      if (entry && isFresh(entry, tagTimes, now())) {
        send(entry, 'hit', request, response, page);
        return true;
      }
      const refill = fill(page);
      if (entry) {
        // A stale copy: wait briefly for the fresh one; past that, the stale copy serves while the refill finishes.
        const timer = new Promise((resolve) => setTimeout(resolve, REFILL_WAIT_MS, undefined).unref());
        const fresh = await Promise.race([refill.catch(() => null), timer]);
        if (fresh) send(/** @type {Entry} */ (fresh), 'miss', request, response, page);
        else {
          refill.catch(onError);
          send(entry, 'stale', request, response, page);
        }
        return true;
      }
      let fresh;
      try {
        fresh = await refill;
      } catch (error) {
        onError(error);
        return false;
      }
      // Not shareable (a 404, an error page): rendered again for this visitor as before.
      if (!fresh) return false;
      send(fresh, 'miss', request, response, page);
      return true;
    },

    /**
     * Marks tags as changed now. Called when the API announces a change; a page filled before now is refilled.
     * @param {string[]} tags
     */
    async invalidate(tags) {
      await store.stamp(tags, now());
    },
  };
}
