import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, engines, json, type TestContext } from '../helpers.ts';

describe.each(engines)('GET /api/health on %s', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(engine);
  });
  afterAll(async () => ctx?.close());

  it('answers ok once the database answers', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(json(response)).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toBe('no-store');
  });
});
