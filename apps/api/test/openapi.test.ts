import { BaseResolver, bundle, createConfig, lintDocument, makeDocumentFromString, type NormalizedProblem } from '@redocly/openapi-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from './helpers.ts';

/**
 * The OpenAPI document (decision 039): valid by redocly's recommended rules, and complete where a client generator or
 * a security scanner relies on it (operationIds, security, refusals, the sign-in endpoints).
 */

type Json = Record<string, any>;
const METHODS = ['get', 'put', 'post', 'delete', 'patch'];

interface Entry {
  method: string;
  path: string;
  operation: Json;
}

function operationsOf(document: Json): Entry[] {
  const entries: Entry[] = [];
  for (const [path, item] of Object.entries(document.paths as Record<string, Json>)) {
    for (const method of METHODS) if (item[method]) entries.push({ method, path, operation: item[method] });
  }
  return entries;
}

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
const where = (entry: Entry) => `${entry.method.toUpperCase()} ${entry.path}`;

function describeProblem(problem: NormalizedProblem): string {
  const location = problem.location[0];
  return `${problem.ruleId}: ${problem.message} at ${location && 'pointer' in location ? location.pointer : '?'}`;
}

/** Every signed-in requirement of an operation names the bearer token or the session cookie. */
function signedIn(operation: Json): boolean {
  const security = operation.security as Json[] | undefined;
  return Array.isArray(security) && security.length > 0 && security.every((requirement) => Object.keys(requirement).length > 0);
}

describe('OpenAPI document', () => {
  let ctx: TestContext;
  let document: Json;
  let operations: Entry[];

  beforeAll(async () => {
    ctx = await createTestContext('pglite', {}, { fixtures: false });
    const response = await ctx.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    document = response.json();
    operations = operationsOf(document);
  });

  afterAll(async () => {
    await ctx.close();
  });

  it("passes redocly's recommended rules with no error, and bundles", async () => {
    const config = await createConfig({
      extends: ['recommended'],
      // Wrong examples and missing operationIds are errors here, not warnings.
      rules: {
        'no-invalid-media-type-examples': { severity: 'error', allowAdditionalProperties: false },
        'operation-operationId': 'error',
        'operation-operationId-unique': 'error',
        'operation-operationId-url-safe': 'error',
        'no-unused-components': 'error',
      },
    });
    const source = makeDocumentFromString(JSON.stringify(document), '/openapi.json');
    const problems = await lintDocument({ document: source, config, externalRefResolver: new BaseResolver() });
    const errors = problems.filter((problem) => problem.severity === 'error').map(describeProblem);
    expect(errors).toEqual([]);
    // Warnings the document accepts: no license (a private shop), localhost as the test's server, operations no input
    // can make fail (GET /api/health) and the OAuth callback, which only redirects. Any other warning fails.
    const accepted = (problem: NormalizedProblem) =>
      ['info-license', 'no-server-example.com', 'operation-4xx-response'].includes(problem.ruleId) ||
      (problem.ruleId === 'operation-2xx-response' && describeProblem(problem).includes('/~1api~1auth~1callback~1{id}/'));
    const warnings = problems.filter((problem) => problem.severity === 'warn' && !accepted(problem)).map(describeProblem);
    expect(warnings).toEqual([]);

    const bundled = await bundle({ doc: source, config });
    expect(bundled.problems.filter((problem) => problem.severity === 'error').map(describeProblem)).toEqual([]);
  });

  it('names the shop, its version and its server', () => {
    expect(document.openapi).toBe('3.0.3');
    expect(document.info.title).toBe('Kaarigar Gifts API');
    expect(document.info.title).not.toMatch(/catalogue/i);
    expect(document.info.description).toContain('paise');
    expect(document.info.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(document.servers).toEqual([expect.objectContaining({ url: 'http://localhost:3000' })]);
  });

  it('gives every operation a unique camelCase operationId from its method and path', () => {
    const ids = operations.map((entry) => entry.operation.operationId as string);
    for (const [index, id] of ids.entries()) expect(id, where(operations[index] as Entry)).toMatch(/^[a-z][A-Za-z0-9]*$/);
    expect(new Set(ids).size).toBe(ids.length);
    const byPath = (method: string, path: string) => document.paths[path][method].operationId;
    expect(byPath('get', '/api/products')).toBe('getProducts');
    expect(byPath('get', '/api/product/{slug}')).toBe('getProductBySlug');
    expect(byPath('post', '/api/user/order/{id}/cancel')).toBe('postUserOrderByIdCancel');
    expect(byPath('get', '/api/user/uploads/{id}/{size}')).toBe('getUserUploadsByIdAndSize');
    expect(byPath('post', '/api/auth/phone-number/verify')).toBe('postAuthPhoneNumberVerify');
  });

  it('declares the bearer token and the session cookie', () => {
    expect(document.components.securitySchemes).toEqual({
      bearerAuth: expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }),
      sessionCookie: expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'auth_token' }),
    });
  });

  it('secures every back-office operation with 401 and 403, and the role it needs', () => {
    const admin = operations.filter((entry) => under(entry.path, '/api/admin'));
    expect(admin.length).toBeGreaterThan(40);
    for (const entry of admin) {
      expect(entry.operation.security, where(entry)).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
      expect(entry.operation.responses, where(entry)).toHaveProperty('401');
      expect(entry.operation.responses, where(entry)).toHaveProperty('403');
      expect(['staff', 'admin'], where(entry)).toContain(entry.operation['x-required-role']);
    }
    // The same roles the admin guard enforces (its table lists every /api/admin route).
    for (const route of ctx.app.adminRoutes) {
      const path = route.url.replace(/:([A-Za-z0-9_]+)/g, '{$1}');
      expect(document.paths[path]?.[route.method.toLowerCase()]?.['x-required-role'], `${route.method} ${path}`).toBe(route.role);
    }
  });

  it('secures every customer operation with 401', () => {
    const customer = operations.filter((entry) => under(entry.path, '/api/user') || entry.path === '/api/orders-count');
    expect(customer.length).toBeGreaterThan(15);
    for (const entry of customer) {
      expect(entry.operation.security, where(entry)).toEqual([{ bearerAuth: [] }, { sessionCookie: [] }]);
      expect(entry.operation.responses, where(entry)).toHaveProperty('401');
      expect(entry.operation['x-required-role'], where(entry)).toBe('customer');
    }
  });

  it('says explicitly which operations are public', () => {
    for (const entry of operations) expect(Array.isArray(entry.operation.security), where(entry)).toBe(true);
    expect(document.paths['/api/products'].get.security).toEqual([]);
    expect(document.paths['/api/auth/phone-number/send-otp'].post.security).toEqual([]);
  });

  it('answers an anonymous call of every signed-in operation with a refusal, never its data', async () => {
    const protectedOnes = operations.filter((candidate) => !under(candidate.path, '/api/auth') && signedIn(candidate.operation));
    for (const entry of protectedOnes) {
      const url = entry.path.replace(/\{[^}]+\}/g, '00000000-0000-4000-8000-000000000000');
      const response = await ctx.app.inject({ method: entry.method.toUpperCase() as 'GET', url });
      // 401, or 400/415 when the route checks its input before the caller (a preHandler guard).
      expect(response.statusCode, `${where(entry)}: ${response.statusCode} ${response.body.slice(0, 120)}`).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, where(entry)).not.toBe(404);
    }
  });

  it('declares the refusals each operation can answer, from the shared Refusal', () => {
    const refusal = document.components.schemas.Refusal;
    expect(refusal.required).toEqual(['message', 'code']);
    expect(Object.keys(refusal.properties)).toEqual(['message', 'code', 'params', 'errors', 'requestId']);
    expect(document.components.schemas.FieldRefusal.required).toEqual(['code', 'message']);
    for (const name of ['BadRequest', 'NotSignedIn', 'Forbidden', 'NotFound', 'RateLimited', 'ServerError']) {
      expect(document.components.responses[name].content['application/json'].schema, name).toEqual({ $ref: '#/components/schemas/Refusal' });
    }
    expect(document.components.responses.RateLimited.headers).toHaveProperty('Retry-After');
    expect(document.components.responses.NotSignedIn.content['application/json'].example).toEqual({
      message: 'Sign in to continue',
      code: 'not_signed_in',
    });

    for (const entry of operations) {
      const { operation } = entry;
      const statuses = Object.keys(operation.responses);
      if (operation.requestBody || operation.parameters?.length) expect(statuses, where(entry)).toContain('400');
      if (/\{[^}]+\}/.test(entry.path)) expect(statuses, where(entry)).toContain('404');
      if (operation['x-rate-limit']) expect(statuses, where(entry)).toContain('429');
      expect(statuses, where(entry)).toContain('500');
      for (const status of statuses.filter((candidate) => /^4/.test(candidate))) {
        const response = operation.responses[status];
        const text = JSON.stringify(response);
        expect(text.includes('#/components/responses/') || text.includes('#/components/schemas/Refusal'), `${where(entry)} ${status}`).toBe(true);
      }
    }
    // Rate limits come from the routes' config and from the sign-in limits.
    expect(document.paths['/api/order/track'].post['x-rate-limit']).toEqual([{ max: 10, windowSeconds: 60 }]);
    expect(document.paths['/api/auth/phone-number/send-otp'].post.responses).toHaveProperty('429');
  });

  it('names the page every list answers', () => {
    expect(document.components.schemas.Page.required).toEqual(['data', 'total', 'page', 'limit', 'hasMore']);
    for (const path of ['/api/products', '/api/categories', '/api/user/orders', '/api/admin/audit']) {
      const schema = document.paths[path].get.responses['200'].content['application/json'].schema;
      expect(schema.allOf?.[0], path).toEqual({ $ref: '#/components/schemas/Page' });
    }
  });

  it("documents the sign-in endpoints of /api/auth, and not better-auth's admin ones", async () => {
    for (const [method, path] of [
      ['post', '/api/auth/phone-number/send-otp'],
      ['post', '/api/auth/phone-number/verify'],
      ['post', '/api/auth/sign-in/email'],
      ['post', '/api/auth/sign-up/email'],
      ['post', '/api/auth/sign-in/magic-link'],
      ['get', '/api/auth/magic-link/verify'],
      ['post', '/api/auth/sign-out'],
      ['get', '/api/auth/get-session'],
      ['get', '/api/auth/token'],
    ] as const) {
      const operation = document.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.tags).toEqual(['auth']);
      expect(operation.summary).toBeTruthy();
    }
    expect(document.paths['/api/auth/phone-number/send-otp'].post.requestBody.content['application/json'].schema.required).toEqual(['phoneNumber']);
    expect(document.paths['/api/auth/token'].get.security).toEqual([{ sessionCookie: [] }]);
    expect(document.paths['/api/auth/token'].get.responses).toHaveProperty('401');
    expect(Object.keys(document.paths).filter((path) => path.startsWith('/api/auth/admin'))).toEqual([]);
    // No better-auth reference page or schema endpoint is served.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/reference' })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'GET', url: '/api/auth/open-api/generate-schema' })).statusCode).toBe(404);
  });

  it('shows examples of the main operations', () => {
    const example = (method: string, path: string, status: string) =>
      Object.values(document.paths[path][method].responses[status].content['application/json'].examples ?? {})[0] as Json | undefined;
    for (const [method, path, status] of [
      ['get', '/api/products', '200'],
      ['get', '/api/product/{slug}', '200'],
      ['get', '/api/categories', '200'],
      ['post', '/api/user/order', '201'],
      ['get', '/api/user/order/{id}', '200'],
      ['post', '/api/user/coupon', '200'],
      ['post', '/api/auth/phone-number/send-otp', '200'],
      ['post', '/api/auth/phone-number/verify', '200'],
    ]) {
      expect(example(method as string, path as string, status as string)?.value, `${method} ${path}`).toBeTruthy();
    }
    const request = document.paths['/api/user/order'].post.requestBody.content['application/json'].examples;
    expect(Object.values(request)[0]).toMatchObject({ value: { paymentMethod: 'cod' } });
  });

  it('serves the same document as YAML, and the UI', async () => {
    const yaml = await ctx.app.inject({ method: 'GET', url: '/api/docs/yaml' });
    expect(yaml.statusCode).toBe(200);
    expect(yaml.body).toContain('title: Kaarigar Gifts API');
    expect(yaml.body).toContain('/api/auth/phone-number/verify');
    let ui = await ctx.app.inject({ method: 'GET', url: '/api/docs' });
    if (ui.statusCode === 302) ui = await ctx.app.inject({ method: 'GET', url: new URL(String(ui.headers.location), 'http://x/api/docs').pathname });
    expect(ui.statusCode).toBe(200);
  });
});
