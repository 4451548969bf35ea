import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines } from '../helpers.ts';
import { adminContext, type AdminContext, callAs, type Who } from './admin-helpers.ts';

/**
 * Issue 7's role matrix: every back-office route (the admin guard's own table, so a new route is covered the day it
 * is added) called by an anonymous visitor, a customer, a staff member and an admin. Anonymous is 401, a customer
 * 403; staff get in on staff routes and are refused (403) on admin-only ones; admins get in everywhere. "Gets in"
 * means the role check passed: whatever the route then says about the (deliberately empty) input, it is not 401/403.
 */
describe.each(engines)('back-office role matrix (%s)', (engine) => {
  let ctx: AdminContext;
  beforeAll(async () => {
    ctx = await adminContext(engine);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('knows every /api/admin route, each with a role', () => {
    expect(ctx.app.adminRoutes.length).toBeGreaterThanOrEqual(5);
    for (const route of ctx.app.adminRoutes) expect(['staff', 'admin']).toContain(route.role);
  });

  it('answers each caller as its role allows', async () => {
    const expected = (who: Who, role: 'staff' | 'admin') => {
      if (who === 'anonymous') return 401;
      if (who === 'customer') return 403;
      if (who === 'staff' && role === 'admin') return 403;
      return 'allowed';
    };
    const failures: string[] = [];
    for (const route of ctx.app.adminRoutes) {
      // Path parameters get a well-formed id that matches nothing.
      const url = route.url.replace(/:[A-Za-z]+/g, randomUUID());
      for (const who of ['anonymous', 'customer', 'staff', 'admin'] as const) {
        const body = route.method === 'GET' || route.method === 'DELETE' ? undefined : {};
        const response = await callAs(ctx, who, { method: route.method as 'GET', url, body });
        const want = expected(who, route.role);
        const code = String(response.headers['content-type'] ?? '').includes('json') ? response.json<{ code?: string }>().code : undefined;
        const ok =
          want === 'allowed'
            ? response.statusCode !== 401 && response.statusCode !== 403 && response.statusCode < 500
            : response.statusCode === want && code === (want === 401 ? 'not_signed_in' : 'forbidden');
        if (!ok) failures.push(`${route.method} ${route.url} as ${who}: ${response.statusCode} ${code ?? ''} (expected ${want})`);
      }
    }
    expect(failures).toEqual([]);
  });
});
