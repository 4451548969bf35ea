import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import fp from 'fastify-plugin';
import { userGuardPlugin } from '../../src/plugins/user-guard.ts';
import { authContext } from '../auth/auth-helpers.ts';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';

/**
 * /api/user/* authenticates before it validates (issue 19, finding 8): an anonymous call is 401 `not_signed_in`
 * whatever its body, path or query, so it learns nothing about the route's input rules.
 */
describe.each(engines)('/api/user signs in first (%s)', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await authContext(engine);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers the finding: an anonymous, well-formed review is 401, not 400', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/user/review',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ product: '00000000-0000-4000-8000-000000000000', rating: 5, review: 'Lovely lamp' }),
    });
    expectRefusal(response, 401, 'not_signed_in');
  });

  it('walks every /api/user route anonymously with an invalid body, path and query: 401 each time', async () => {
    const routes = ctx.app.userRoutes;
    expect(routes.length).toBeGreaterThanOrEqual(15);
    for (const route of routes) {
      // Every parameter gets a value no schema takes; every body is the wrong shape.
      const url = `${route.url.replaceAll(/:[A-Za-z]+/g, 'not-an-id-!')}?page=-1&limit=abc&product=x`;
      const withBody = route.method !== 'GET' && route.method !== 'DELETE';
      const response = await ctx.app.inject({
        method: route.method as 'GET',
        url,
        headers: withBody ? { 'content-type': 'application/json' } : {},
        ...(withBody ? { payload: JSON.stringify({ rating: 'many', items: 'none', code: 7, name: ['x'] }) } : {}),
      });
      expect(`${route.method} ${route.url}: ${response.statusCode} ${response.json().code}`).toBe(`${route.method} ${route.url}: 401 not_signed_in`);
    }
  });

  it('refuses, when the app starts, an /api/user route that checks sign-in after validation', async () => {
    const requireUser = async () => {};
    const bare = Fastify();
    bare.decorate('requireUser', requireUser);
    bare.decorate('requireCaller', async () => {});
    // user-guard depends on the auth plugin by name: stand in for it.
    await bare.register(fp(async () => {}, { name: 'auth' }));
    await bare.register(userGuardPlugin);
    const start = async () => {
      await bare.register((scope, _options, done) => {
        try {
          scope.post('/api/user/late', { preHandler: requireUser }, () => Promise.resolve({}));
          done();
        } catch (error) {
          done(error as Error);
        }
      });
      await bare.ready();
    };
    await expect(start()).rejects.toThrow(/POST \/api\/user\/late: check sign-in in onRequest/);
  });
});
