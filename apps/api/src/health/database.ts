import type { Database } from '@shop/db';
import { sql } from 'drizzle-orm';

/** Whether the database answers a trivial query (the health check); the error, when it does not. */
export async function databaseAnswers(db: Database): Promise<{ ok: true } | { ok: false; error: unknown }> {
  try {
    await db.execute(sql`select 1`);
    return { ok: true };
  } catch (error) {
    return { ok: false, error };
  }
}
