import type { FastifyInstance } from 'fastify';
import { connect } from '@shop/db';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkReadiness } from '../../src/health/readiness.ts';
import { S3Store } from '../../src/storage/s3-store.ts';
import { startLocalS3Server } from '../../src/storage/local-s3-server.ts';
import { createTestContext, engines, type TestContext } from '../helpers.ts';
import { captureLog, loggingApp } from './log-capture.ts';

const REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Issue 19, finding 10: one health endpoint; now liveness and readiness, readiness naming the part that failed. */
describe.each(engines)('health probes (%s)', (engine) => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext(engine, {}, { fixtures: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('keeps GET /api/health as it was', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('answers liveness without touching the database', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
    expect(response.headers['cache-control']).toMatch(/no-store/);
  });

  it('answers readiness with the database, and lists only the parts configured', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok', checks: { database: 'ok' } });
  });

  it('documents the probes in the OpenAPI document', async () => {
    const document = (await ctx.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.paths['/api/health/live'].get.operationId).toBe('getHealthLive');
    expect(document.paths['/api/health/ready'].get.operationId).toBe('getHealthReady');
    expect(Object.keys(document.paths['/api/health/ready'].get.responses)).toEqual(expect.arrayContaining(['200', '503']));
  });

  it('checks Redis when REDIS_URL is set', async () => {
    const log = captureLog();
    const app = await loggingApp(ctx, log, { config: { redisUrl: REDIS_URL } });
    try {
      const response = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(response.json()).toEqual({ status: 'ok', checks: { database: 'ok', redis: 'ok' } });
    } finally {
      await app.close();
    }
  });

  it('answers 503 naming the S3 bucket when it stops answering, and logs why', async () => {
    const s3 = await startLocalS3Server();
    const log = captureLog();
    let app: FastifyInstance | undefined;
    try {
      app = await loggingApp(ctx, log, {
        objectStore: new S3Store(s3.options),
        config: { s3: s3.options },
      });
      const up = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(up.json()).toEqual({ status: 'ok', checks: { database: 'ok', objectStore: 'ok' } });

      await s3.stop();
      const down = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(down.statusCode).toBe(503);
      expect(down.json()).toEqual({ status: 'unavailable', checks: { database: 'ok', objectStore: 'down' } });
      expect(log.lines.find((line) => line.msg === 'readiness check: a part did not answer')).toMatchObject({ level: 40, down: ['objectStore'] });
      // Liveness does not care: restarting the process would not bring the bucket back.
      expect((await app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
    } finally {
      await app?.close();
      await s3.stop().catch(() => undefined);
    }
  });
});

describe('checkReadiness', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext('pglite', {}, { fixtures: false });
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('reports a Redis that does not answer, within the timeout', async () => {
    // Nothing listens on port 1.
    const dead = new Redis('redis://127.0.0.1:1', { lazyConnect: true, connectTimeout: 500, maxRetriesPerRequest: 1 });
    dead.on('error', () => undefined);
    const started = Date.now();
    try {
      const report = await checkReadiness({ db: ctx.handle.db, pingRedis: () => dead.ping() });
      expect(report.ready).toBe(false);
      expect(report.checks).toEqual({ database: 'ok', redis: 'down' });
      expect(report.errors.redis).toBeInstanceOf(Error);
      expect(Date.now() - started).toBeLessThan(2_500);
    } finally {
      dead.disconnect();
    }
  });

  it('reports a database that does not answer', async () => {
    // A PostgreSQL client for a server that is not there (nothing listens on port 1).
    const gone = await connect({ url: 'postgres://postgres@127.0.0.1:1/shop', poolSize: 1 });
    try {
      const report = await checkReadiness({ db: gone.db });
      expect(report).toMatchObject({ ready: false, checks: { database: 'down' } });
    } finally {
      await gone.close();
    }
  });

  it('gives up on a part that hangs after the timeout', async () => {
    const report = await checkReadiness({ db: ctx.handle.db, pingRedis: () => new Promise(() => undefined) });
    expect(report.checks).toEqual({ database: 'ok', redis: 'down' });
    expect(String(report.errors.redis)).toMatch(/no answer within 2000 ms/);
  });
});
