import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Refusal } from '../../src/lib/refusal.ts';
import { type ErrorContext, startErrorReporting } from '../../src/telemetry/error-reporting.ts';
import { createTestContext, expectRefusal, type TestContext } from '../helpers.ts';
import { captureLog, loggingApp } from './log-capture.ts';

/** Issue 19, finding 10: no error reporting. The one error handler hands every 5xx, and only those, to the reporter. */
describe('error reporting', () => {
  let ctx: TestContext;
  let app: FastifyInstance;
  const log = captureLog();
  const reported: Array<{ error: unknown; context: ErrorContext }> = [];

  beforeAll(async () => {
    ctx = await createTestContext('pglite', {}, { fixtures: false });
    app = await loggingApp(ctx, log, { reportError: (error, context) => reported.push({ error, context }) }, (instance) => {
      instance.get('/api/test/crash/:id', () => {
        throw new Error('the database driver fell over');
      });
      instance.get('/api/test/refuse', () => {
        throw new Refusal('not_found');
      });
      instance.get('/api/test/unavailable', () => {
        throw Object.assign(new Error('upstream gone'), { statusCode: 503 });
      });
    });
  });
  afterAll(async () => {
    await app?.close();
    await ctx?.close();
  });

  it('reports a 500 with the request id the answer, its header and the log line carry', async () => {
    reported.length = 0;
    log.clear();
    const response = await app.inject({ method: 'GET', url: '/api/test/crash/7?token=abc', headers: { 'x-request-id': 'storefront-1234' } });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 'internal', requestId: 'storefront-1234' });
    expect(response.headers['x-request-id']).toBe('storefront-1234');
    expect(reported).toHaveLength(1);
    expect((reported[0]?.error as Error).message).toBe('the database driver fell over');
    expect(reported[0]?.context).toEqual({
      requestId: 'storefront-1234',
      method: 'GET',
      url: '/api/test/crash/7?token=[redacted]',
      route: '/api/test/crash/:id',
      statusCode: 500,
    });
    const failure = log.lines.find((line) => line.msg === 'request failed');
    expect(failure).toMatchObject({ level: 50, reqId: 'storefront-1234' });

    // Without a caller's id, the generated one is the same everywhere too.
    const second = await app.inject({ method: 'GET', url: '/api/test/crash/8' });
    expect(second.json().requestId).toBe(second.headers['x-request-id']);
    expect(reported[1]?.context.requestId).toBe(second.headers['x-request-id']);
  });

  it('reports other 5xx answers too', async () => {
    reported.length = 0;
    const response = await app.inject({ method: 'GET', url: '/api/test/unavailable' });
    expect(response.statusCode).toBe(503);
    expect(reported.map((entry) => entry.context.statusCode)).toEqual([503]);
  });

  it('does not report refusals, unknown routes or bad input', async () => {
    reported.length = 0;
    expectRefusal(await app.inject({ method: 'GET', url: '/api/test/refuse' }), 404, 'not_found');
    expectRefusal(await app.inject({ method: 'GET', url: '/api/nothing-here' }), 404, 'not_found');
    const badJson = await app.inject({ method: 'POST', url: '/api/auth/phone-number/send-otp', headers: { 'content-type': 'application/json' }, payload: '{' });
    expect(badJson.statusCode).toBe(400);
    expect(reported).toEqual([]);
  });
});

/** A Sentry-compatible ingest endpoint on loopback that keeps the envelopes it receives. */
async function startIngest(): Promise<{ dsn: string; envelopes: string[]; close(): Promise<void> }> {
  const envelopes: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks);
      envelopes.push((request.headers['content-encoding'] === 'gzip' ? gunzipSync(body) : body).toString('utf8'));
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const { port } = server.address() as AddressInfo;
  return {
    dsn: `http://publickey@127.0.0.1:${port}/42`,
    envelopes,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('startErrorReporting (SENTRY_DSN)', () => {
  it('sends a 5xx to the DSN with its request id, and without cookies or tokens', async () => {
    const ingest = await startIngest();
    const ctx = await createTestContext('pglite', {}, { fixtures: false });
    const reporting = await startErrorReporting({ dsn: ingest.dsn, environment: 'test' });
    const app = await loggingApp(ctx, captureLog(), { reportError: reporting.report }, (instance) => {
      instance.get('/api/test/crash', () => {
        throw new Error('reported to the DSN');
      });
    });
    // Made at run time: the report carries source lines around the throw (context lines), which must not match.
    const [token, cookie, jwt] = [randomUUID(), randomUUID(), randomUUID()];
    try {
      const response = await app.inject({
        method: 'GET',
        url: `/api/test/crash?token=${token}`,
        headers: { cookie: `auth_token=${cookie}`, authorization: `Bearer ${jwt}`, 'x-request-id': 'sentry-check-1' },
      });
      expect(response.statusCode).toBe(500);
      await reporting.flush();
      const sent = ingest.envelopes.join('\n');
      expect(sent).toContain('reported to the DSN');
      expect(sent).toContain('sentry-check-1');
      expect(sent).toContain('/api/test/crash?token=[redacted]');
      for (const secret of [token, cookie, jwt]) expect(sent).not.toContain(secret);
    } finally {
      await app.close();
      await ctx.close();
      await ingest.close();
      const Sentry = await import('@sentry/node');
      await Sentry.close(1_000);
    }
  });
});
