import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { connect, type DatabaseHandle } from '../client.ts';
import { migrate } from '../migrate.ts';

/** A migrated, empty database for one test file, and how to throw it away. */
export interface TestDatabase {
  name: string;
  handle: DatabaseHandle;
  dispose(): Promise<void>;
}

/**
 * In-memory PGlite always; PostgreSQL too when TEST_DATABASE_URL is set, in a scratch database
 * with a unique name (created here, dropped on dispose) so parallel test files never collide.
 */
export function testEngines(): string[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

export async function openTestDatabase(engine: string): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const handle = await connect();
    await migrate(handle);
    return { name: 'pglite', handle, dispose: () => handle.close() };
  }
  const adminUrl = process.env.TEST_DATABASE_URL as string;
  const dbName = `seed_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${dbName}`;
  const handle = await connect({ url: url.toString(), poolSize: 4 });
  await migrate(handle);
  return {
    name: 'postgres',
    handle,
    dispose: async () => {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: adminUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${dbName} with (force)`);
      await cleanup.end();
    },
  };
}
