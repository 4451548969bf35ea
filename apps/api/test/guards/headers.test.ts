import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anotherApp } from '../auth/auth-helpers.ts';
import { createTestContext, type TestContext } from '../helpers.ts';

/** Security headers on the API's answers (issue 19, finding 1; decision 046): helmet, built once (decision 128). */
describe('security headers', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite');
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('answers JSON with a policy that lets nothing load or frame it, nosniff, no referrer and no X-Powered-By', async () => {
    for (const url of ['/api/categories', '/api/no-such-route']) {
      const response = await ctx.app.inject({ method: 'GET', url });
      expect(response.headers['content-security-policy']).toBe("default-src 'none';frame-ancestors 'none'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['x-frame-options']).toBe('DENY');
      expect(response.headers['referrer-policy']).toBe('no-referrer');
      expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
      expect(response.headers['x-powered-by']).toBeUndefined();
      // Served over http (SITE_URL): no HSTS, which would lock browsers out of a plain-http shop.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends HSTS when the shop is served over https', async () => {
    const secure = await anotherApp(ctx, { siteUrl: 'https://shop.example' });
    try {
      const response = await secure.inject({ method: 'GET', url: '/api/categories' });
      expect(response.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    } finally {
      await secure.close();
    }
  });

  it('keeps the API docs viewer working: /api/docs has its own policy allowing its scripts and styles', async () => {
    const page = await ctx.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toMatch(/script-src 'self'/);
    expect(policy).toMatch(/style-src 'self'/);
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    const script = /<script src="\.\/([^"]+)"/.exec(page.body)?.[1];
    expect(script).toBeDefined();
    expect((await ctx.app.inject({ method: 'GET', url: `/api/docs/${script}` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json()).toMatchObject({ openapi: '3.0.3' });
  });
});
