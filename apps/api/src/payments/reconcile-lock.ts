import type { Database } from '@shop/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../lib/rows.ts';

/**
 * One runner of a periodic job among several API processes on one database (decision 067): a PostgreSQL session
 * advisory lock, tried (never waited for) on a connection of its own and held for the whole pass. Another instance's
 * try answers false and it skips this pass; a process that dies mid-pass loses its connection, and PostgreSQL
 * releases the lock with it, so a crash never leaves the job stuck. A transaction-scoped lock would do the same on
 * PostgreSQL but not on PGlite, whose one connection runs nothing else while a transaction is open.
 *
 * PGlite is one process by construction (its data folder is opened by one process only): the same session lock is
 * taken on its single connection, and an in-process guard stops two passes of the same process (a session may take
 * its own advisory lock twice).
 */

interface PoolClient {
  query(text: string, values?: unknown[]): Promise<{ rows: Array<Record<string, unknown>> }>;
  release(destroy?: Error | boolean): void;
}
interface Pool {
  connect(): Promise<PoolClient>;
}

export type LockedRun<T> = { ran: true; value: T } | { ran: false };

const running = new WeakMap<object, Set<string>>();

/** node-postgres's pool behind a Drizzle database, or null for PGlite. */
function poolOf(db: Database): Pool | null {
  const client = (db as unknown as { $client?: unknown }).$client as Partial<Pool> & { totalCount?: unknown };
  return client && typeof client.connect === 'function' && typeof client.totalCount === 'number' ? (client as Pool) : null;
}

/** Runs `work` if no other runner (this process or another) holds the lock `name`; otherwise does nothing. */
export async function withRunnerLock<T>(db: Database, name: string, work: () => Promise<T>): Promise<LockedRun<T>> {
  const names = running.get(db) ?? new Set<string>();
  running.set(db, names);
  if (names.has(name)) return { ran: false };
  names.add(name);
  try {
    const pool = poolOf(db);
    return pool ? await onPostgres(pool, name, work) : await onPglite(db, name, work);
  } finally {
    names.delete(name);
  }
}

async function onPostgres<T>(pool: Pool, name: string, work: () => Promise<T>): Promise<LockedRun<T>> {
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    const { rows } = await client.query('select pg_try_advisory_lock(hashtext($1)) as got', [name]);
    if (rows[0]?.got !== true) return { ran: false };
    try {
      return { ran: true, value: await work() };
    } finally {
      // An unlock that fails means the connection is unusable: destroying it releases the lock all the same.
      await client.query('select pg_advisory_unlock(hashtext($1))', [name]).catch((error: unknown) => {
        broken = error instanceof Error ? error : new Error(String(error));
      });
    }
  } finally {
    client.release(broken);
  }
}

async function onPglite<T>(db: Database, name: string, work: () => Promise<T>): Promise<LockedRun<T>> {
  const [lock] = rowsOf<{ got: boolean }>(await db.execute(sql`select pg_try_advisory_lock(hashtext(${name})) as got`));
  if (lock?.got !== true) return { ran: false };
  try {
    return { ran: true, value: await work() };
  } finally {
    await db.execute(sql`select pg_advisory_unlock(hashtext(${name}))`);
  }
}
