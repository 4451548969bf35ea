import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

/**
 * Security headers on every API answer (decision 046), by helmet. The API answers JSON, images and
 * redirects, never a page of its own, so its policy is the strictest there is: nothing may load or run
 * (`default-src 'none'`), nothing may frame it (`frame-ancestors 'none'`, `X-Frame-Options: DENY`), no sniffing
 * (`nosniff`), no referrer. The OpenAPI viewer at /api/docs replaces the policy with its own (swagger-ui's
 * `staticCSP`, set after this one). HSTS only when the shop is served over https (SITE_URL): a browser that saw it
 * on plain http would refuse the shop until it expired.
 *
 * The policy is the same for every answer (no nonce, no per-route options), so helmet's middleware is built once at
 * start and each request runs only its header writes, in a synchronous hook (decision 128). Routes that answer their
 * own policy (user uploads, gift messages) set it on the reply, which wins over these, as it did with @fastify/helmet.
 */
export const helmetPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
  async function securityHeaders(app: FastifyInstance, options: { siteUrl: string }) {
    const https = new URL(options.siteUrl).protocol === 'https:';
    const setHeaders = helmet({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      xFrameOptions: { action: 'deny' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      // Images of the catalogue and uploads may be shown by the storefront only (it forwards /api/*: same origin).
      crossOriginResourcePolicy: { policy: 'same-origin' },
    });
    // Every request, 404s included (a root hook), before the CSRF check and the routes. Not @fastify/helmet: it calls
    // helmet(options) again on every request (decision 128).
    app.addHook('onRequest', (request, reply, done) => {
      setHeaders(request.raw, reply.raw, (error) => done(error instanceof Error ? error : undefined));
    });
  },
  { name: 'helmet' },
);
