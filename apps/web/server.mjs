// @ts-check
// The storefront's HTTP server: Next.js itself, with what `next start` does not do. It tells the API who the shopper
// is: every request gets the peer's address appended to X-Forwarded-For, so the /api/* requests it forwards carry an
// address the API can trust (server/forwarded-for.mjs, docs/decisions/016). Every request gets an X-Request-Id (the
// incoming one when sane, else a UUID), returned on the answer and passed to the API (server/request-id.mjs). It
// forwards /api/* to the API itself, streaming, so no header names the API's internal address
// (server/api-forward.mjs, decision 045). And it sends scripts and styles from the build's compressed copies
// (server/precompressed-static.mjs, decision 034). And it answers the catalogue's pages from a shared page cache that
// the API invalidates by tag (server/page-cache.mjs, server/revalidate.mjs, decision 095), keyed by the URL's locale
// prefix (/hi/…, /ar/…; server/locale-url.mjs, decision 113).
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { createApiForwarder, isApiPath } from './server/api-forward.mjs';
import { appendForwardedFor } from './server/forwarded-for.mjs';
import { stripInternalLocaleHeader } from './server/locale-url.mjs';
import { FILL_HEADER, createPageCache, loopbackRenderer, memoryStore, redisStore } from './server/page-cache.mjs';
import { createPrecompressedStatic } from './server/precompressed-static.mjs';
import { REQUEST_ID_HEADER, requestIdFrom } from './server/request-id.mjs';
import { NEXT_REVALIDATE_PATH, REVALIDATE_CHANNEL, REVALIDATE_PATH, authorised, createLocalInvalidator, readBody, tagsFrom } from './server/revalidate.mjs';
import { HINT_COOKIE, SESSION_COOKIE, hasCookie } from './server/session-hint.mjs';

const port = Number(process.env.PORT ?? 3000);
const dir = dirname(fileURLToPath(import.meta.url));
const app = next({ dev: false, dir, port, hostname: 'localhost' });
const handle = app.getRequestHandler();
// Scripts and styles from the build's compressed copies; Next.js would gzip them on every request (decision 034).
// The output folder is next.config.ts's distDir.
const servePrecompressed = createPrecompressedStatic(join(dir, process.env.NEXT_DIST_DIR ?? '.next', 'static'));
// Where the API listens, as src/lib/api/origin.ts reads it.
const forwardToApi = createApiForwarder(process.env.API_ORIGIN ?? `http://127.0.0.1:${process.env.API_PORT ?? '4000'}`);

// The shared secret the API calls /_shop/revalidate with; without it that path is off (and, with REDIS_URL, unused).
const revalidateSecret = process.env.REVALIDATE_SECRET || undefined;
if (revalidateSecret && revalidateSecret.length < 32) {
  console.error('Invalid environment: REVALIDATE_SECRET: must be at least 32 characters');
  process.exit(1);
}
const redisUrl = process.env.REDIS_URL || undefined;
if (redisUrl && !/^rediss?:\/\/.+/.test(redisUrl)) {
  console.error('Invalid environment: REDIS_URL: must be a redis:// or rediss:// URL');
  process.exit(1);
}
// This process's own requests (page-cache fills, Next's cache expiry) carry this; nothing outside can guess it.
const fillSecret = randomBytes(24).toString('base64url');
process.env.PAGE_CACHE_FILL_SECRET = fillSecret;
// With REDIS_URL the pages and tag stamps are shared by every storefront process, and changes arrive by pub/sub.
const redis = redisUrl ? new (await import('ioredis')).Redis(redisUrl, { maxRetriesPerRequest: 2 }) : undefined;
redis?.on('error', (error) => console.error('[web] redis:', error.message));
const pageCache = createPageCache({
  store: redis ? redisStore(redis) : memoryStore(),
  render: loopbackRenderer({ port, secret: fillSecret }),
});
const invalidateHere = createLocalInvalidator({ port, secret: fillSecret, pageCache });
const invalidate = (/** @type {string[]} */ tags) =>
  redis ? redis.publish(REVALIDATE_CHANNEL, JSON.stringify({ tags })).then(() => undefined) : invalidateHere(tags);
if (redisUrl) {
  const subscriber = new (await import('ioredis')).Redis(redisUrl);
  subscriber.on('error', (error) => console.error('[web] redis subscriber:', error.message));
  await subscriber.subscribe(REVALIDATE_CHANNEL);
  subscriber.on('message', (_channel, message) => {
    const tags = tagsFrom(message);
    if (tags) invalidateHere(tags).catch((error) => console.error('[web] revalidate:', error));
  });
}

/** POST /_shop/revalidate from the API: `{ tags }`, with the shared secret. */
async function revalidateRequest(request, response) {
  if (!revalidateSecret || request.method !== 'POST') {
    response.writeHead(404).end();
    return;
  }
  if (!authorised(request.headers.authorization, revalidateSecret)) {
    response.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ code: 'not_signed_in', message: 'Sign in first' }));
    return;
  }
  const tags = tagsFrom((await readBody(request)) ?? '');
  if (!tags) {
    response
      .writeHead(400, { 'content-type': 'application/json' })
      .end(JSON.stringify({ code: 'invalid_input', message: 'tags: a list of 1 to 200 tags is required' }));
    return;
  }
  await invalidate(tags);
  response.writeHead(204).end();
}

/**
 * Pages, through the page cache when the request is one it keeps. A signed-in visitor whose browser has no session
 * hint yet (signed in before the hint existed) is rendered as before once, and given the hint.
 */
function servePage(request, response) {
  const ownRequest = request.headers[FILL_HEADER] === fillSecret;
  if (!ownRequest) delete request.headers[FILL_HEADER];
  const path = (request.url ?? '').split('?')[0];
  if (path === NEXT_REVALIDATE_PATH && !ownRequest) {
    response.writeHead(404).end();
    return Promise.resolve(true);
  }
  if (ownRequest) return Promise.resolve(false);
  const cookie = request.headers.cookie;
  if (hasCookie(cookie, SESSION_COOKIE) && !hasCookie(cookie, HINT_COOKIE)) {
    response.appendHeader('set-cookie', `${HINT_COOKIE}=1; Path=/; Max-Age=2592000; SameSite=Lax`);
    return Promise.resolve(false);
  }
  return pageCache.handle(request, response);
}

await app.prepare();
const server = createServer((request, response) => {
  const forwarded = appendForwardedFor(request.headers['x-forwarded-for'], request.socket.remoteAddress);
  if (forwarded) request.headers['x-forwarded-for'] = forwarded;
  const requestId = requestIdFrom(request.headers[REQUEST_ID_HEADER]);
  request.headers[REQUEST_ID_HEADER] = requestId;
  response.setHeader(REQUEST_ID_HEADER, requestId);
  // Only a /hi/… or /ar/… prefix picks a render's locale by header (src/proxy.ts sets it): never a visitor (decision 113).
  stripInternalLocaleHeader(request.headers);
  // Every answer, scripts and images included: the browser takes its content type as sent, never a guess.
  response.setHeader('X-Content-Type-Options', 'nosniff');
  if (isApiPath(request.url)) {
    forwardToApi(request, response);
    return;
  }
  if (request.url === REVALIDATE_PATH) {
    revalidateRequest(request, response).catch((error) => {
      console.error('[web] revalidate:', error);
      if (!response.headersSent) response.writeHead(500, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ code: 'internal', message: 'Something went wrong', requestId }));
    });
    return;
  }
  servePrecompressed(request, response)
    .catch((error) => {
      console.error('[web] compressed static file:', error);
      return false;
    })
    .then((served) => served || servePage(request, response))
    .catch((error) => {
      console.error('[web] page cache:', error);
      return response.headersSent;
    })
    .then((served) => served || handle(request, response))
    .catch((error) => {
      console.error('[web] request failed:', error);
      if (!response.headersSent) response.statusCode = 500;
      response.end();
    });
});
server.listen(port, () => console.log(`storefront ready on http://localhost:${port}`));

// Shutdown: stop accepting, let requests in flight finish (server.close waits for them), then exit; 10 s at most.
// Connections kept alive are closed as soon as their last answer is sent, not after the keep-alive timeout.
let stopping = false;
const stop = () => {
  if (stopping) return;
  stopping = true;
  setTimeout(() => process.exit(1), 10_000).unref();
  setInterval(() => server.closeIdleConnections(), 100).unref();
  server.close(() =>
    app
      .close()
      .finally(() => (redis ? redis.quit().catch(() => undefined) : undefined))
      .finally(() => process.exit(0)),
  );
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
