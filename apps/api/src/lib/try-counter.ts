import type { Database } from '@shop/db';
import { sql } from 'drizzle-orm';
import type { Redis } from 'ioredis';
import { rowsOf } from './rows.ts';

/**
 * Counts tries per key in fixed windows, for limits that have no rows of their own to count (issue 19: wrong coupon
 * codes). In Redis when REDIS_URL is set, otherwise in the database's rate_limits table (which
 * plugins/db-rate-limit-store.ts also counts with, for @fastify/rate-limit): either way several API processes share one count.
 *
 * A try is counted before the work it guards, so concurrent tries cannot all slip under the limit; one that turns out
 * not to count (a code that names a real coupon) is given back.
 */
export interface TryCount {
  key: string;
  /** Tries in the current window, this one included. */
  count: number;
  /** Milliseconds until the window ends. */
  retryMs: number;
}

export interface TryCounter {
  take(keys: readonly string[], windowMs: number): Promise<TryCount[]>;
  giveBack(keys: readonly string[]): Promise<void>;
}

/** Expired windows are deleted now and then rather than on every try. */
const SWEEP_EVERY = 200;

export function databaseTryCounter(db: Database): TryCounter {
  let calls = 0;
  return {
    async take(keys, windowMs) {
      // Sorted, so two takes of the same keys lock their rows in the same order.
      const values = sql.join(
        [...keys].sort().map((key) => sql`(${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))`),
        sql`, `,
      );
      const rows = rowsOf<{ key: string; count: number; ttl: number }>(
        await db.execute(sql`
          insert into rate_limits (key, count, reset_at) values ${values}
          on conflict (key) do update set
            count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
            reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
          returning key, count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl`),
      );
      if (++calls % SWEEP_EVERY === 0) await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 minute'`);
      return rows.map((row) => ({ key: row.key, count: Number(row.count), retryMs: Number(row.ttl) }));
    },
    async giveBack(keys) {
      const list = sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      );
      // The rows are locked in key order first: a plain `update … where key in (…)` takes them in whatever order the
      // scan meets them, which differs between two concurrent give-backs of the same keys (one customer's requests
      // at once) and deadlocked (seen in coupons.test.ts's 20 concurrent uses of a single-use coupon on PostgreSQL).
      await db.execute(sql`
        update rate_limits set count = count - 1
         where key in (select key from rate_limits where key in (${list}) and count > 0 and reset_at > now() order by key for update)`);
    },
  };
}

/** Gives a try back only while its window lasts: a DECR on an expired key would leave a -1 that never expires. */
const GIVE_BACK = `for _, key in ipairs(KEYS) do
  if redis.call('pttl', key) > 0 and tonumber(redis.call('get', key) or '0') > 0 then redis.call('decr', key) end
end
return 0`;

export function redisTryCounter(redis: Redis, prefix: string): TryCounter {
  return {
    async take(keys, windowMs) {
      const batch = redis.multi();
      // SET … NX starts a window (works on every Redis version, unlike PEXPIRE NX); INCR counts; PTTL says when it ends.
      for (const key of keys) {
        const full = prefix + key;
        batch.set(full, 0, 'PX', windowMs, 'NX').incr(full).pttl(full);
      }
      const replies = await batch.exec();
      if (!replies) throw new Error('try counter: the Redis transaction was discarded');
      return keys.map((key, i) => {
        const [incrError, count] = replies[i * 3 + 1] ?? [];
        const [ttlError, ttl] = replies[i * 3 + 2] ?? [];
        const failed = incrError ?? ttlError;
        if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
        return { key, count: Number(count), retryMs: Math.max(0, Number(ttl)) };
      });
    },
    async giveBack(keys) {
      await redis.eval(GIVE_BACK, keys.length, ...keys.map((key) => prefix + key));
    },
  };
}
