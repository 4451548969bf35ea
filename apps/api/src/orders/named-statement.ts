import { createHash } from 'node:crypto';
import type { Database } from '@shop/db';
import type { SQL } from 'drizzle-orm';
import type { Tx } from './coupons.ts';

/**
 * Runs a statement of the order path as a NAMED prepared statement on PostgreSQL: each pooled connection parses and
 * plans it once, then only binds the values (PGlite has no such cache and runs it as usual). The name is made from
 * the statement's text, which depends only on the cart's shape (how many products and options), never on values; a
 * statement with a name node-postgres has not seen on this connection is prepared on first use. Only small shapes
 * get a name (`named: false` for the others), so a connection holds a bounded number of them.
 *
 * Drizzle has no public way to name a raw statement; `db.execute` itself is `session.prepareQuery(…, name undefined)`,
 * so this is the same call with a name. (If Drizzle renames these internals the order tests fail at once.)
 */

interface DrizzleInternals {
  dialect: { sqlToQuery(query: SQL): { sql: string; params: unknown[] } };
  session: {
    prepareQuery(
      query: { sql: string; params: unknown[] },
      fields: undefined,
      name: string | undefined,
      arrayMode: boolean,
    ): { execute(placeholders?: Record<string, unknown>): Promise<unknown> };
  };
}

/**
 * Names by statement text, so the hash is computed once per shape rather than per call (a hash object costs more than
 * the statement's own building on the webhook path); bounded like the shapes themselves, and emptied if it ever fills.
 */
const names = new Map<string, string>();
const MAX_NAMES = 2_000;

function nameOf(prefix: string, text: string): string {
  const key = `${prefix}\u0000${text}`;
  let name = names.get(key);
  if (name === undefined) {
    if (names.size >= MAX_NAMES) names.clear();
    name = `${prefix}-${createHash('sha1').update(text).digest('base64url').slice(0, 20)}`;
    names.set(key, name);
  }
  return name;
}

export function executeNamed(db: Database | Tx, prefix: string, query: SQL, named = true): Promise<unknown> {
  const { dialect, session } = db as unknown as DrizzleInternals;
  const built = dialect.sqlToQuery(query);
  const name = named ? nameOf(prefix, built.sql) : undefined;
  return session.prepareQuery(built, undefined, name, false).execute();
}

/**
 * A statement whose text never changes, written with `sql.placeholder(name)` for its values: built into text and
 * named once per database handle, then each call only fills the placeholders (decision 124: building a large statement
 * from its template on every call showed in the tracking webhook's profile). Database handles only, not transactions.
 */
export function fixedStatement(prefix: string, query: SQL): (db: Database, values: Record<string, unknown>) => Promise<unknown> {
  const prepared = new WeakMap<object, { execute(placeholders?: Record<string, unknown>): Promise<unknown> }>();
  return (db, values) => {
    let statement = prepared.get(db);
    if (!statement) {
      const { dialect, session } = db as unknown as DrizzleInternals;
      const built = dialect.sqlToQuery(query);
      statement = session.prepareQuery(built, undefined, nameOf(prefix, built.sql), false);
      prepared.set(db, statement);
    }
    return statement.execute(values);
  };
}
