// @ts-check
/**
 * The storefront's built scripts and styles (`/_next/static/*`) compressed once at build time, not on every request.
 * `next start` gzips each static file for each request: about 50 ms of CPU per first page load here, spent while the
 * browser is laying out the page and compiling the same scripts, on a machine with two cores. The build writes a
 * Brotli (smaller than gzip by a fifth) and a gzip copy beside each file; the server sends the copy the browser accepts
 * and leaves everything else (no copy, a Range request, an unknown path) to Next.js, as nginx's gzip_static does
 * (docs/decisions/034).
 */
import { createHash } from 'node:crypto';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { extname, join, resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

export const STATIC_PREFIX = '/_next/static/';

/** Text files worth compressing; fonts (woff2) and images are compressed formats already. */
const CONTENT_TYPES = new Map([
  ['.js', 'application/javascript; charset=UTF-8'],
  ['.css', 'text/css; charset=UTF-8'],
  ['.json', 'application/json; charset=UTF-8'],
  ['.svg', 'image/svg+xml'],
  ['.txt', 'text/plain; charset=UTF-8'],
]);

/** Below this a compressed copy saves less than the headers weigh. */
const MIN_BYTES = 1024;

/** @type {Record<'br' | 'gzip', string>} */
const SUFFIX = { br: '.br', gzip: '.gz' };

/**
 * Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every compressible file under `dir`. Always
 * rewrites them: a post-build step (the compile hints) may change a file without changing its name.
 * @param {string} dir
 * @returns {Promise<number>} how many files were compressed
 */
export async function precompressDirectory(dir) {
  let count = 0;
  // Entries, not names: webpack names a metadata route's chunk folder after the route (`chunks/app/robots.txt/`), so a
  // folder may end in a listed extension.
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !CONTENT_TYPES.has(extname(entry.name))) continue;
    const path = join(entry.parentPath, entry.name);
    const body = await readFile(path);
    if (body.length < MIN_BYTES) continue;
    const [br, gz] = await Promise.all([
      brotli(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } }),
      gzipAsync(body, { level: 9 }),
    ]);
    await Promise.all([writeFile(path + SUFFIX.br, br), writeFile(path + SUFFIX.gzip, gz)]);
    count += 1;
  }
  return count;
}

/**
 * The encoding to send for an Accept-Encoding header: Brotli when accepted, else gzip, else none. An encoding listed
 * with q=0 is refused.
 * @param {string | undefined} header
 * @returns {'br' | 'gzip' | undefined}
 */
export function pickEncoding(header) {
  if (!header) return undefined;
  const accepted = new Set();
  for (const part of header.toLowerCase().split(',')) {
    const [token, ...params] = part.trim().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && !(Number(q.slice(2)) > 0)) continue;
    accepted.add(token.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('x-gzip')) return 'gzip';
  return undefined;
}

/**
 * A request handler for `staticDir` (the build's `static` folder, served under /_next/static/). It answers a GET or
 * HEAD that it can serve from a compressed copy and resolves true; otherwise it writes nothing and resolves false, and
 * the caller hands the request on. Copies are read once and kept in memory: the files are immutable (content-hashed
 * names), and all of them together are a few hundred kilobytes.
 * @param {string} staticDir
 */
export function createPrecompressedStatic(staticDir) {
  const root = resolve(staticDir) + sep;
  // Which copies exist, listed once: a request for any other path never touches the disk or the cache, so made-up
  // URLs cannot grow either.
  const copies = readdir(root, { recursive: true })
    .then((names) => new Set(names.filter((name) => name.endsWith(SUFFIX.br) || name.endsWith(SUFFIX.gzip)).map((name) => join(root, name))))
    .catch(() => new Set());
  /** @type {Map<string, Promise<{ body: Buffer, etag: string }>>} */
  const cache = new Map();
  /** @param {string} path */
  const load = async (path) => {
    if (!(await copies).has(path)) return undefined;
    let copy = cache.get(path);
    if (!copy) {
      copy = readFile(path).then((body) => ({ body, etag: `"${createHash('sha1').update(body).digest('base64url')}"` }));
      cache.set(path, copy);
    }
    return copy.catch(() => undefined);
  };

  /**
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   * @returns {Promise<boolean>}
   */
  return async function servePrecompressed(request, response) {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || request.headers.range) return false;
    const pathname = (request.url ?? '').split('?')[0];
    if (!pathname.startsWith(STATIC_PREFIX)) return false;
    const contentType = CONTENT_TYPES.get(extname(pathname));
    const encoding = pickEncoding(request.headers['accept-encoding']);
    if (!contentType || !encoding) return false;
    let relative;
    try {
      relative = decodeURIComponent(pathname.slice(STATIC_PREFIX.length));
    } catch {
      return false;
    }
    // Only a path already in normal form (no empty, '.' or '..' segment, no backslash, no NUL): Next.js redirects the
    // others, and serving them here would make duplicate cache entries. Service workers need Next's own headers.
    if (/[\\\0]/.test(relative) || relative.split('/').some((part) => part === '' || part === '.' || part === '..')) return false;
    if (relative.startsWith('service-worker/')) return false;
    const path = resolve(root, relative);
    if (!path.startsWith(root)) return false;
    const copy = await load(path + SUFFIX[encoding]);
    if (!copy) return false;
    const shared = { ETag: copy.etag, 'Cache-Control': 'public, max-age=31536000, immutable', Vary: 'Accept-Encoding' };
    // A CDN revalidating its copy gets a 304 rather than the file again.
    if (request.headers['if-none-match']?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === copy.etag)) {
      response.writeHead(304, shared).end();
      return true;
    }
    const body = copy.body;
    response.writeHead(200, {
      ...shared,
      'Content-Type': contentType,
      'Content-Encoding': encoding,
      'Content-Length': body.length,
    });
    response.end(request.method === 'HEAD' ? undefined : body);
    return true;
  };
}
