import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import type { DatabaseHandle } from './client.ts';

const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), '..', 'migrations');

/** Applies the committed SQL migrations; safe to call on every start. */
export async function migrate(handle: DatabaseHandle): Promise<void> {
  if (handle.engine === 'postgres') {
    await migratePg(handle.db as never, { migrationsFolder });
  } else {
    await migratePglite(handle.db as never, { migrationsFolder });
  }
}
