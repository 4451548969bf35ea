import { customisationUploads, type Database, orderLinePersonalisations, orderIdempotencyKeys, outbox, session, verification } from '@shop/db';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf } from '../lib/rows.ts';
import type { ObjectStore } from '../storage/object-store.ts';

/**
 * Rows that have done their job and only grow the database: sent or failed messages (their codes and links are
 * long dead; the dev outbox page only shows the latest), sign-in sessions and verification codes/links that expired,
 * order idempotency keys past any sensible retry, and personalisation photos that no order line uses a day after
 * their upload (row and stored images).
 * Each statement deletes a bounded batch, so a long-neglected table is trimmed over several passes without one long
 * lock; every process may run this, the deletes do not conflict.
 */
const OUTBOX_KEEP_DAYS = 30;
/** Expired sessions stay a day, so "signed out because your session expired" can still be told apart. */
const EXPIRED_KEEP_HOURS = 24;
/** A retry comes within minutes; a week covers a phone that was offline for days (decision 017). */
const IDEMPOTENCY_KEEP_DAYS = 7;
/** A customer uploads and sends within minutes; a day covers a dialog left open overnight (decision 023). */
const UNUSED_UPLOAD_KEEP_HOURS = 24;
export const PRUNE_BATCH = 5_000;

const tasks = {
  outbox: (batch) => sql`
    delete from ${outbox} where id in (
      select id from ${outbox}
       where status in ('sent', 'failed') and created_at < now() - ${OUTBOX_KEEP_DAYS}::int * interval '1 day'
       limit ${batch})`,
  sessions: (batch) => sql`
    delete from ${session} where id in (
      select id from ${session} where expires_at < now() - ${EXPIRED_KEEP_HOURS}::int * interval '1 hour' limit ${batch})`,
  verifications: (batch) => sql`
    delete from ${verification} where id in (
      select id from ${verification} where expires_at < now() - ${EXPIRED_KEEP_HOURS}::int * interval '1 hour' limit ${batch})`,
  // Keyed by (user, key): no id column, so the batch is picked by row address.
  idempotencyKeys: (batch) => sql`
    delete from ${orderIdempotencyKeys} where ctid in (
      select ctid from ${orderIdempotencyKeys}
       where created_at < now() - ${IDEMPOTENCY_KEEP_DAYS}::int * interval '1 day' limit ${batch})`,
} satisfies Record<string, (batch: number) => SQL>;

type PruneCounts = Record<keyof typeof tasks | 'uploads', number>;

/**
 * Unused uploads: the rows go first (so nothing can attach or serve them any more), then their objects. An object
 * whose removal fails is left behind unreachable (no row names it); it costs disk space, never privacy.
 */
async function pruneUploads(db: Database, store: ObjectStore, batch: number): Promise<number> {
  // The statement's own snapshot still sees the deleted rows, hence `id not in gone` when asking who else names them.
  const result = await db.execute(sql`
    with gone as (
      delete from ${customisationUploads} where id in (
        select id from ${customisationUploads}
         where line_id is null and created_at < now() - ${UNUSED_UPLOAD_KEEP_HOURS}::int * interval '1 hour'
           -- a rendered personalisation preview is kept with its order line (decision 107)
           and not exists (select 1 from ${orderLinePersonalisations} p where p.preview_upload_id = ${customisationUploads}.id)
         limit ${batch})
      returning id, display_key, thumbnail_key)
    select g.display_key, g.thumbnail_key,
           exists (select 1 from ${customisationUploads} u
                    where u.display_key = g.display_key and u.id not in (select id from gone)) as shared
      from gone g`);
  const gone = rowsOf<{ display_key: string; thumbnail_key: string; shared: boolean }>(result);
  // A live preview's photos are shared by the units of a line (decision 120): the images go with the last row naming them.
  const unshared = [...new Map(gone.filter((row) => !row.shared).map((row) => [row.display_key, row])).values()];
  await Promise.allSettled(unshared.flatMap((row) => [store.delete(row.display_key), store.delete(row.thumbnail_key)]));
  return gone.length;
}

/** One pass: how many rows each task deleted. Uploads are pruned only when given their store. */
export async function pruneOnce(db: Database, batch = PRUNE_BATCH, store?: ObjectStore): Promise<PruneCounts> {
  const counts: Record<string, number> = {};
  for (const [name, statement] of Object.entries(tasks)) {
    const result = await db.execute(sql`with gone as (${statement(batch)} returning 1) select count(*)::int as n from gone`);
    counts[name] = rowsOf<{ n: number }>(result)[0]?.n ?? 0;
  }
  counts.uploads = store ? await pruneUploads(db, store, batch) : 0;
  return counts as PruneCounts;
}
