import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
/** The one database type the rest of the code sees, whichever engine runs underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface DatabaseHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  /**
   * Runs `onNotify` for every NOTIFY on `channel` (from this process or any other on the same database);
   * resolves to a function that stops listening. PostgreSQL needs a connection of its own for this,
   * outside the pool; PGlite delivers in-process.
   */
  listen(channel: string, onNotify: (payload: string) => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

interface ConnectOptions {
  /** postgres://… for a PostgreSQL server; otherwise PGlite is used. */
  url?: string;
  /** PGlite data folder; omitted means in memory (tests). */
  dataDir?: string;
  /** Pool size for PostgreSQL. */
  poolSize?: number;
}

export async function connect(options: ConnectOptions = {}): Promise<DatabaseHandle> {
  if (options.url) {
    const pool = new pg.Pool({ connectionString: options.url, max: options.poolSize ?? 20 });
    // An idle client losing its connection must not crash the process; the pool replaces it.
    pool.on('error', (error) => console.warn('[db] idle client error:', error.message));
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    const url = options.url;
    return { db, engine: 'postgres', listen: (channel, onNotify) => listenPostgres(url, channel, onNotify), close: () => pool.end() };
  }
  if (options.dataDir) mkdirSync(options.dataDir, { recursive: true });
  const client = await PGlite.create({ dataDir: options.dataDir, extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    engine: 'pglite',
    listen: async (channel, onNotify) => {
      const unsubscribe = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await unsubscribe();
      };
    },
    close: () => client.close(),
  };
}

async function listenPostgres(url: string, channel: string, onNotify: (payload: string) => void) {
  const listener = new pg.Client({ connectionString: url });
  // A dropped listener connection only means missed notifications (caches then expire by age); never a crash.
  listener.on('error', (error) => console.warn('[db] listener error:', error.message));
  listener.on('notification', (message) => {
    if (message.channel === channel) onNotify(message.payload ?? '');
  });
  await listener.connect();
  await listener.query(`listen ${pg.escapeIdentifier(channel)}`);
  return async () => {
    await listener.end().catch(() => undefined);
  };
}
