// @ts-check
// The storefront's HTTP server: Next.js itself, with what `next start` does not do. It tells the API who the shopper
// is: every request gets the peer's address appended to X-Forwarded-For, so the /api/* requests it forwards carry an
// address the API can trust (server/forwarded-for.mjs, docs/decisions/016). Every request gets an X-Request-Id (the
// incoming one when sane, else a UUID), returned on the answer and passed to the API (server/request-id.mjs). It
// forwards /api/* to the API itself, streaming, so no header names the API's internal address
// (server/api-forward.mjs, decision 045). And it sends scripts and styles from the build's compressed copies
// (server/precompressed-static.mjs, decision 034).
import { createServer } from 'node:http';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import next from 'next';
import { createApiForwarder, isApiPath } from './server/api-forward.mjs';
import { appendForwardedFor } from './server/forwarded-for.mjs';
import { createPrecompressedStatic } from './server/precompressed-static.mjs';
import { REQUEST_ID_HEADER, requestIdFrom } from './server/request-id.mjs';

const port = Number(process.env.PORT ?? 3000);
const dir = dirname(fileURLToPath(import.meta.url));
const app = next({ dev: false, dir, port, hostname: 'localhost' });
const handle = app.getRequestHandler();
// Scripts and styles from the build's compressed copies; Next.js would gzip them on every request (decision 034).
// The output folder is next.config.ts's distDir.
const servePrecompressed = createPrecompressedStatic(join(dir, process.env.NEXT_DIST_DIR ?? '.next', 'static'));
// Where the API listens, as src/lib/api/origin.ts reads it.
const forwardToApi = createApiForwarder(process.env.API_ORIGIN ?? `http://127.0.0.1:${process.env.API_PORT ?? '4000'}`);

await app.prepare();
const server = createServer((request, response) => {
  const forwarded = appendForwardedFor(request.headers['x-forwarded-for'], request.socket.remoteAddress);
  if (forwarded) request.headers['x-forwarded-for'] = forwarded;
  const requestId = requestIdFrom(request.headers[REQUEST_ID_HEADER]);
  request.headers[REQUEST_ID_HEADER] = requestId;
  response.setHeader(REQUEST_ID_HEADER, requestId);
  // Every answer, scripts and images included: the browser takes its content type as sent, never a guess.
  response.setHeader('X-Content-Type-Options', 'nosniff');
  if (isApiPath(request.url)) {
    forwardToApi(request, response);
    return;
  }
  servePrecompressed(request, response)
    .catch((error) => {
      console.error('[web] compressed static file:', error);
      return false;
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
  server.close(() => app.close().finally(() => process.exit(0)));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
