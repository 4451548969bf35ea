import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { jsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import packageJson from '../../package.json' with { type: 'json' };
import { type AuthFragment, authFragment } from '../openapi/auth-paths.ts';
import { completeDocument } from '../openapi/complete.ts';
import { securitySchemes, signedInSecurity } from '../openapi/components.ts';
import { registerNamedSchemas } from '../openapi/named-schemas.ts';
import { routeFacts } from '../openapi/route-facts.ts';

const DOCS_PREFIX = '/api/docs';

const description = [
  'The API of Kaarigar Gifts, an online shop for handmade and personalised gifts in India: the catalogue, the cart,',
  'sign-in, orders with cash on delivery, customisation of ordered products, reviews, feedback, the newsletter and',
  'the back office.',
  '',
  '- **Money** is always an integer count of paise (₹1 = 100 paise).',
  '- **Lists** answer one page: `{ data, total, page, limit, hasMore }` (`Page`).',
  '- **Refusals** (every 4xx) answer `{ message, code, params?, errors? }` (`Refusal`, decision 037): branch on `code`,',
  '  show `message` only to people; `errors` refuses fields one by one. A 5xx says `code: "internal"` and a `requestId`.',
  '- **Signing in** happens under /api/auth (phone OTP, email and password, magic link, Google). It sets the session',
  '  cookie `auth_token`; `GET /api/auth/token` exchanges it for a 60-minute JWT for `Authorization: Bearer`, honoured',
  '  while its session lives (signing out or changing the password ends it at once).',
  '  /api/user routes take either; /api/admin routes also need the staff or admin role (`x-required-role`).',
  '- **Rate limits** are per client and, on sign-in, per phone number or email from that client (`x-rate-limit`); a 429 says',
  '  `Retry-After`.',
].join('\n');

/**
 * The OpenAPI document, generated from the routes' zod schemas and completed centrally (decision 039): security from
 * each route's guard, refusals by status from the shared `Refusal` responses, operationIds from method and path,
 * better-auth's endpoints under /api/auth, examples of the main operations. UI at /api/docs, JSON at /api/docs/json.
 */
export const docsPlugin = fp(
  async function docs(app: FastifyInstance, options: { siteUrl?: string }) {
    registerNamedSchemas();
    let auth: AuthFragment | undefined;

    await app.register(swagger, {
      openapi: {
        openapi: '3.0.3',
        info: { title: 'Kaarigar Gifts API', description, version: packageJson.version },
        servers: [
          {
            url: options.siteUrl ?? 'http://localhost:3000',
            description: 'The shop: its storefront forwards /api/* to this API',
          },
        ],
        components: { securitySchemes: securitySchemes as never },
      },
      transform(input) {
        const { schema, url } = jsonSchemaTransform(input) as { schema?: Record<string, unknown>; url: string };
        if (schema?.hide) return { schema, url };
        const facts = routeFacts(app, input.route, url);
        const completed: Record<string, unknown> = { ...schema };
        if (facts.role) {
          completed.security = signedInSecurity;
          completed['x-required-role'] = facts.role;
        }
        if (facts.rateLimit) completed['x-rate-limit'] = [facts.rateLimit];
        return { schema: completed, url };
      },
      transformObject(input) {
        return completeDocument(jsonSchemaTransformObject(input), { auth });
      },
    });

    // better-auth's part is generated asynchronously, so it is ready before the document routes build the document.
    app.addHook('onRoute', (route) => {
      if (route.url !== `${DOCS_PREFIX}/json` && route.url !== `${DOCS_PREFIX}/yaml`) return;
      const prepare: onRequestAsyncHookHandler = async (request) => {
        if (auth || !app.hasDecorator('auth')) return;
        try {
          auth = await authFragment(app.auth);
        } catch (error) {
          // The shop's own routes are still worth serving; openapi.test.ts fails on a document without /api/auth.
          request.log.error({ err: error }, 'OpenAPI: the /api/auth endpoints could not be described');
        }
      };
      const existing = route.onRequest === undefined ? [] : Array.isArray(route.onRequest) ? route.onRequest : [route.onRequest];
      route.onRequest = [prepare, ...existing];
    });
    await app.register(swaggerUi, { routePrefix: DOCS_PREFIX, staticCSP: true });
  },
  { name: 'docs' },
);
