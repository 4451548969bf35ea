import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect, type DatabaseHandle, migrate } from '@shop/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import type { Config } from '../src/config.ts';
import { type Fixtures, insertFixtures } from './fixtures.ts';

export type Engine = 'pglite' | 'postgres';

/** PGlite always; PostgreSQL too when TEST_DATABASE_URL is set. */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface TestContext {
  app: FastifyInstance;
  handle: DatabaseHandle;
  fixtures: Fixtures;
  mediaDir: string;
  close(): Promise<void>;
}

/** A scratch database on the TEST_DATABASE_URL server, dropped again by the returned function. */
export async function scratchPostgres(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = new URL(process.env.TEST_DATABASE_URL as string);
  const name = `api_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = await connect({ url: base.toString(), poolSize: 1 });
  await admin.db.execute(sql.raw(`create database "${name}"`));
  await admin.close();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const cleanup = await connect({ url: base.toString(), poolSize: 1 });
      await cleanup.db.execute(sql.raw(`drop database if exists "${name}" with (force)`));
      await cleanup.close();
    },
  };
}

/** A fresh, migrated database with the fixtures (unless asked not to) and a media folder, without an app. */
export interface TestDatabase {
  handle: DatabaseHandle;
  fixtures: Fixtures;
  mediaDir: string;
  close(): Promise<void>;
}

export async function openTestDatabase(engine: Engine, options: { fixtures?: boolean } = {}): Promise<TestDatabase> {
  const scratch = engine === 'postgres' ? await scratchPostgres() : undefined;
  const handle = await connect(scratch ? { url: scratch.url, poolSize: 4 } : {});
  await migrate(handle);
  const fixtures = options.fixtures === false ? ({} as Fixtures) : await insertFixtures(handle.db);
  const mediaDir = mkdtempSync(join(tmpdir(), 'api-media-'));
  return {
    handle,
    fixtures,
    mediaDir,
    async close() {
      await handle.close();
      await scratch?.drop();
      rmSync(mediaDir, { recursive: true, force: true });
    },
  };
}

/**
 * A test database with ONE app built on it. A helper that needs an app of other settings opens the database alone
 * (openTestDatabase) and builds its own, rather than building one beside this: every app runs the background workers
 * (the invoice issuer, the outbox worker, the expiry passes), and a hidden second one takes the work a test stopped
 * its own app's worker to do by hand.
 */
export async function createTestContext(
  engine: Engine,
  config: Partial<Pick<Config, 'redisUrl' | 'trustProxy' | 'responseCacheSeconds' | 'orderLimits'>> = {},
  options: { fixtures?: boolean } = {},
): Promise<TestContext> {
  const database = await openTestDatabase(engine, options);
  return withApp(database, async () => {
    const app = await buildApp({
      // The response cache is off unless a test asks for it: most tests change data between reads.
      config: {
        mediaDir: database.mediaDir,
        redisUrl: config.redisUrl,
        trustProxy: config.trustProxy ?? false,
        logLevel: 'silent',
        responseCacheSeconds: config.responseCacheSeconds ?? 0,
        ...(config.orderLimits ? { orderLimits: config.orderLimits } : {}),
      },
      db: database.handle,
      logger: false,
    });
    await app.ready();
    return app;
  });
}

/**
 * The test context of a database and the app `build` makes on it: closing it closes the app, then the database. A
 * build that fails closes the database, as the suite never sees a context to close.
 */
export async function withApp(database: TestDatabase, build: () => Promise<FastifyInstance>): Promise<TestContext> {
  let app: FastifyInstance;
  try {
    app = await build();
  } catch (error) {
    await database.close();
    throw error;
  }
  return {
    app,
    handle: database.handle,
    fixtures: database.fixtures,
    mediaDir: database.mediaDir,
    async close() {
      await app.close();
      await database.close();
    },
  };
}

export function json<T = any>(response: { body: string }): T {
  return JSON.parse(response.body) as T;
}

/**
 * A refusal in the API's contract (decision 037): the status, `{ message, code }`, and for each named field its own
 * `{ code, message }`. Returns the body for further checks.
 */
export function expectRefusal(
  response: { statusCode: number; json(): unknown },
  status: number,
  code: string,
  fields: Record<string, string> = {},
): {
  message: string;
  code: string;
  params?: Record<string, unknown>;
  errors?: Record<string, { code: string; message: string; params?: Record<string, unknown> }>;
} {
  const body = response.json() as ReturnType<typeof expectRefusal>;
  if (response.statusCode !== status || body?.code !== code) {
    throw new Error(`expected ${status} ${code}, got ${response.statusCode} ${JSON.stringify(body)}`);
  }
  if (typeof body.message !== 'string' || body.message === '') throw new Error(`refusal without a message: ${JSON.stringify(body)}`);
  for (const [field, fieldCode] of Object.entries(fields)) {
    const error = body.errors?.[field];
    if (error?.code !== fieldCode || typeof error.message !== 'string') {
      throw new Error(`expected ${field} refused with ${fieldCode}, got ${JSON.stringify(body.errors)}`);
    }
  }
  return body;
}
