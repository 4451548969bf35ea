import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const USER_PREFIX = '/api/user';

declare module 'fastify' {
  interface FastifyInstance {
    /** Every /api/user route (method and URL), in registration order: the sign-in-first test walks them. */
    userRoutes: { method: string; url: string }[];
  }
}

const listOf = <T>(hooks: T | T[] | undefined): T[] => (hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks]);

/**
 * The signed-in customer's gate (issue 19): every route under /api/user authenticates before anything else reads
 * the request, so an anonymous call is 401 `not_signed_in` whatever its body, and learns nothing about the route's
 * input rules. A route that already checks sign-in in onRequest (requireUser, or requireCaller for placing an order)
 * keeps its own check; any other gets requireUser as its first onRequest hook. A sign-in check left in preHandler
 * (after validation) is refused when the app starts.
 */
export const userGuardPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
  async function userGuard(app: FastifyInstance) {
    const guards = new Set<unknown>([app.requireUser, app.requireCaller]);
    const table: { method: string; url: string }[] = [];
    app.decorate('userRoutes', table);
    app.addHook('onRoute', (route) => {
      if (route.url !== USER_PREFIX && !route.url.startsWith(`${USER_PREFIX}/`)) return;
      if (listOf(route.preHandler).some((hook) => guards.has(hook)) || listOf(route.preValidation).some((hook) => guards.has(hook))) {
        throw new Error(`${String(route.method)} ${route.url}: check sign-in in onRequest, before the body is validated`);
      }
      const existing = listOf(route.onRequest);
      if (!existing.some((hook) => guards.has(hook))) route.onRequest = [app.requireUser, ...existing];
      for (const method of Array.isArray(route.method) ? route.method : [route.method]) {
        if (method !== 'HEAD') table.push({ method, url: route.url });
      }
    });
  },
  { name: 'user-guard', dependencies: ['auth'] },
);
