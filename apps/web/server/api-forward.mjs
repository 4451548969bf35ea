// @ts-check
/**
 * The storefront's server forwards every /api/* request to the API itself, streaming both ways, instead of leaving it
 * to Next.js's rewrite (src/proxy.ts). Next's rewrite answers with `x-middleware-rewrite: http://127.0.0.1:4000/…`,
 * which shows every visitor where the API listens inside the machine, and it buffers each request body in memory
 * before sending it on (docs/decisions/045). The request goes out as Next's rewrite sent it: same method, path, query
 * and headers, `Host` the API's, `X-Forwarded-Host` the shop's, X-Forwarded-For and X-Request-Id as server.mjs set
 * them; the answer comes back unchanged except for the hop-by-hop headers no proxy may pass on.
 */
import { Agent as HttpAgent, request as httpRequest } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { withSessionHint } from './session-hint.mjs';

/** Headers that describe one connection, not the message (RFC 9110 §7.6.1): never forwarded. */
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'proxy-connection',
  'proxy-authenticate',
  'proxy-authorization',
  'te',
  'trailer',
  'transfer-encoding',
  'upgrade',
]);

/** As long as Next's rewrite waited for a silent API (its proxyTimeout). */
const IDLE_TIMEOUT_MS = 30_000;

/**
 * True for the paths the API answers: `/api`, `/api/…` and `/api?…` (what src/proxy.ts's `/api/:path*` matched).
 * @param {string | undefined} url the request target as the client sent it
 */
export function isApiPath(url) {
  return url !== undefined && /^\/api(?:[/?]|$)/.test(url);
}

/**
 * The headers without the hop-by-hop ones, including any the Connection header names.
 * @param {import('node:http').IncomingHttpHeaders} headers
 * @returns {import('node:http').OutgoingHttpHeaders}
 */
export function endToEndHeaders(headers) {
  const named = String(headers.connection ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  /** @type {import('node:http').OutgoingHttpHeaders} */
  const kept = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined || HOP_BY_HOP.has(name) || named.includes(name)) continue;
    kept[name] = value;
  }
  return kept;
}

/**
 * A handler that sends one request on to the API at `apiOrigin` and streams the answer back. Connections to the API
 * are kept alive and reused. When the API cannot be reached the visitor gets 502 (504 when it stops answering), and
 * the cause goes to the log, not to the visitor.
 * @param {string} apiOrigin e.g. http://127.0.0.1:4000
 * @param {{ idleTimeoutMs?: number }} [options]
 */
export function createApiForwarder(apiOrigin, { idleTimeoutMs = IDLE_TIMEOUT_MS } = {}) {
  const target = new URL(apiOrigin);
  const secure = target.protocol === 'https:';
  const send = secure ? httpsRequest : httpRequest;
  const agent = secure ? new HttpsAgent({ keepAlive: true }) : new HttpAgent({ keepAlive: true });

  /**
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   */
  return function forwardToApi(request, response) {
    const headers = endToEndHeaders(request.headers);
    headers.host = target.host;
    headers['x-forwarded-host'] = request.headers.host ?? '';
    const upstream = send({
      protocol: target.protocol,
      hostname: target.hostname,
      port: target.port,
      method: request.method,
      path: request.url,
      headers,
      agent,
    });
    /** @param {number} status @param {Error} error */
    const fail = (status, error) => {
      console.error(`[web] ${request.method} ${(request.url ?? '').split('?')[0]} could not be forwarded to the API: ${error.message}`);
      if (response.headersSent) {
        response.destroy();
        return;
      }
      response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' });
      response.end(status === 504 ? 'Gateway Timeout' : 'Bad Gateway');
    };
    upstream.setTimeout(idleTimeoutMs, () => upstream.destroy(Object.assign(new Error(`no answer for ${idleTimeoutMs} ms`), { code: 'ETIMEDOUT' })));
    let visitorGone = false;
    upstream.on('error', (error) => {
      // The visitor went away first: nothing to answer, nothing worth logging.
      if (visitorGone) return;
      fail('code' in error && error.code === 'ETIMEDOUT' ? 504 : 502, error);
    });
    upstream.on('response', (answer) => {
      const answerHeaders = endToEndHeaders(answer.headers);
      // Signing in or out sets the session cookie; the hint beside it tells cached pages' scripts (session-hint.mjs).
      const setCookies = withSessionHint(answer.headers['set-cookie']);
      if (setCookies) answerHeaders['set-cookie'] = setCookies;
      response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answerHeaders);
      answer.pipe(response);
      answer.on('error', () => response.destroy());
    });
    // A visitor who hangs up mid-way stops the API's work on their behalf too.
    response.on('close', () => {
      if (response.writableFinished) return;
      visitorGone = true;
      upstream.destroy();
    });
    request.on('error', () => upstream.destroy());
    request.pipe(upstream);
  };
}
