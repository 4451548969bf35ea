import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Security headers on every API answer (decision 046), by @fastify/helmet. The API answers JSON, images and
 * redirects, never a page of its own, so its policy is the strictest there is: nothing may load or run
 * (`default-src 'none'`), nothing may frame it (`frame-ancestors 'none'`, `X-Frame-Options: DENY`), no sniffing
 * (`nosniff`), no referrer. The OpenAPI viewer at /api/docs replaces the policy with its own (swagger-ui's
 * `staticCSP`, set after this one). HSTS only when the shop is served over https (SITE_URL): a browser that saw it
 * on plain http would refuse the shop until it expired.
 */
export const helmetPlugin = fp(
  async function securityHeaders(app: FastifyInstance, options: { siteUrl: string }) {
    const https = new URL(options.siteUrl).protocol === 'https:';
    await app.register(helmet, {
      global: true,
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
      xFrameOptions: { action: 'deny' },
      strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
      // Images of the catalogue and uploads may be shown by the storefront only (it forwards /api/*: same origin).
      crossOriginResourcePolicy: { policy: 'same-origin' },
    });
  },
  { name: 'helmet' },
);
