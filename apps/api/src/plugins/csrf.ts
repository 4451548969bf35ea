import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { Refusal } from '../lib/refusal.ts';

/** Methods that change something; GET and HEAD never do (and are not checked). */
const CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** `Sec-Fetch-Site` values a browser sends for the shop's own pages (`none`: typed in, a bookmark). */
const OWN_SITE = new Set(['same-origin', 'none']);

/**
 * Whether a state-changing request may have been made by another site's page riding on the visitor's cookie.
 * A browser says where a request comes from: `Sec-Fetch-Site` (every current browser, on secure origins and
 * localhost) or else `Origin` (on every POST since 2020). A request with neither is not a browser's cross-site request
 * (the storefront's server-side calls, curl, the tests); a request with an Authorization header is authenticated by
 * what a cross-site page cannot send (it would need a CORS preflight the API never grants).
 */
export function isCrossSite(request: FastifyRequest, shopOrigin: string): boolean {
  if (!CHANGING.has(request.method)) return false;
  const headers = request.headers;
  if (headers.cookie === undefined || headers.authorization !== undefined) return false;
  const fetchSite = headers['sec-fetch-site'];
  if (typeof fetchSite === 'string' && OWN_SITE.has(fetchSite)) return false;
  const origin = headers.origin;
  if (origin !== undefined) return origin !== shopOrigin;
  // No Origin: only a browser that said "same-site" or "cross-site" above is refused.
  return fetchSite !== undefined;
}

/**
 * CSRF defence (decision 046): every POST, PUT, PATCH and DELETE that carries a cookie is refused with 403
 * `cross_site_request` unless the browser says it comes from the shop itself (`Sec-Fetch-Site: same-origin`, or an
 * `Origin` equal to the shop's, SITE_URL). It runs first (onRequest), before sign-in and before the body is read, and
 * covers better-auth's /api/auth/* too. The storefront forwards /api/* with the browser's own headers, so the check
 * sees what the browser sent. Bodies are JSON only: the `text/plain` parser Fastify has by default is removed, so a
 * form-like body (text/plain, urlencoded, multipart outside the upload routes) is 415 `unsupported_media_type`.
 */
export const csrfPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
  async function csrf(app: FastifyInstance, options: { siteUrl: string }) {
    const shopOrigin = new URL(options.siteUrl).origin;
    app.removeContentTypeParser('text/plain');
    app.addHook('onRequest', (request, _reply, done) => {
      done(isCrossSite(request, shopOrigin) ? new Refusal('cross_site_request') : undefined);
    });
  },
  { name: 'csrf' },
);
