// @ts-check
// How a change announced by the API reaches this storefront process (docs/decisions/095). The API calls
// POST /_shop/revalidate with the shared REVALIDATE_SECRET, or, with REDIS_URL, publishes on a Redis channel that
// every storefront process listens to. Each process then expires the tags in Next's data cache first (through its own
// route handler, src/app/page-cache/revalidate/route.ts, the only place revalidateTag may run) and stamps them in the
// page cache after, so a page refilled after the stamp never reads Next's stale copy. A second stamp a second later
// covers an API process that heard of the change a little late and answered a refill from its old copy.
import { timingSafeEqual } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { FILL_HEADER } from './page-cache.mjs';

export const REVALIDATE_PATH = '/_shop/revalidate';
/** The route handler that expires Next's data cache; only this process's own requests reach it. */
export const NEXT_REVALIDATE_PATH = '/page-cache/revalidate';
/** The Redis channel the API publishes changes on (apps/api/src/lib/storefront-notifier.ts names it too). */
export const REVALIDATE_CHANNEL = 'shop:storefront:revalidate';
export const SECOND_STAMP_MS = 1_000;

/**
 * The tags of a request body: `{ "tags": ["product:rose-lamp", …] }`, 1 to 200 strings of 1 to 200 characters.
 * @returns {string[] | null}
 */
export function tagsFrom(body) {
  let parsed;
  try {
    parsed = JSON.parse(body);
  } catch {
    return null;
  }
  const tags = parsed?.tags;
  if (!Array.isArray(tags) || tags.length === 0 || tags.length > 200) return null;
  if (!tags.every((tag) => typeof tag === 'string' && tag.length > 0 && tag.length <= 200)) return null;
  return tags;
}

/** Whether an Authorization header carries the secret (compared in constant time). */
export function authorised(header, secret) {
  const given = Buffer.from(String(header ?? ''));
  const expected = Buffer.from(`Bearer ${secret}`);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * Expires tags in this process: Next's data cache, then the page cache, then the page cache once more.
 * @param {{ port: number, secret: string, pageCache: { invalidate(tags: string[]): Promise<void> } }} self
 */
export function createLocalInvalidator({ port, secret, pageCache }) {
  /** @param {string[]} tags */
  const expireNext = (tags) =>
    new Promise((resolve, reject) => {
      const body = JSON.stringify({ tags });
      const req = httpRequest(
        {
          host: '127.0.0.1',
          port,
          path: NEXT_REVALIDATE_PATH,
          method: 'POST',
          headers: { [FILL_HEADER]: secret, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
          timeout: 10_000,
        },
        (res) => {
          res.resume();
          res.on('end', () => (res.statusCode === 204 ? resolve(undefined) : reject(new Error(`${NEXT_REVALIDATE_PATH} answered ${res.statusCode}`))));
        },
      );
      req.on('timeout', () => req.destroy(new Error(`${NEXT_REVALIDATE_PATH} did not answer in 10 s`)));
      req.on('error', reject);
      req.end(body);
    });
  /** @param {string[]} tags */
  return async function invalidateHere(tags) {
    try {
      await expireNext(tags);
    } finally {
      // Stamped even when Next's part failed: the page cache must not keep serving what changed.
      await pageCache.invalidate(tags);
      const again = () => pageCache.invalidate(tags).catch((error) => console.error('[web] page cache:', error));
      setTimeout(again, SECOND_STAMP_MS).unref();
    }
  };
}

/** Reads a request body up to `limit` bytes; null when longer. */
export function readBody(request, limit = 64 * 1024) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    request.on('data', (chunk) => {
      size += chunk.length;
      if (size > limit) {
        request.destroy();
        resolve(null);
      } else chunks.push(chunk);
    });
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}
