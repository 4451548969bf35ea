import type { Database } from '@shop/db';
import { sql } from 'drizzle-orm';
import { rowsOf } from '../lib/rows.ts';

/**
 * A fixed-window counter in the rate_limits table for @fastify/rate-limit, so that several API
 * processes sharing one database share their limits (no Redis needed). One atomic upsert per counted
 * request: it starts a new window when the old one has ended, otherwise adds one, and returns the
 * count and the time left.
 */

interface IncrResult {
  current: number;
  ttl: number;
}
type Callback = (error: Error | null, result?: IncrResult) => void;

interface StoreOptions {
  routeInfo?: { method?: string | string[]; url?: string };
  groupId?: string;
}

/** Expired windows are deleted now and then rather than on every request. */
const SWEEP_EVERY = 200;

export function createDbRateLimitStore(db: Database) {
  let calls = 0;

  async function increment(key: string, timeWindow: number): Promise<IncrResult> {
    const rows = await db.execute(sql`
      insert into rate_limits (key, count, reset_at)
      values (${key}, 1, now() + make_interval(secs => ${timeWindow / 1000}))
      on conflict (key) do update set
        count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
        reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
      returning count, greatest(0, ceil(extract(epoch from (reset_at - now())) * 1000))::int as ttl`);
    const [row] = rowsOf<{ count: number; ttl: number }>(rows);
    if (!row) throw new Error('rate limit upsert returned no row');
    if (++calls % SWEEP_EVERY === 0) {
      await db.execute(sql`delete from rate_limits where reset_at < now() - interval '1 minute'`);
    }
    return { current: Number(row.count), ttl: Number(row.ttl) };
  }

  return class DbRateLimitStore {
    readonly prefix: string;

    constructor(options: StoreOptions = {}) {
      const route = options.routeInfo;
      const method = Array.isArray(route?.method) ? route.method.join(',') : (route?.method ?? '');
      // Each limited route counts on its own, unless routes share a groupId.
      this.prefix = options.groupId ? `group:${options.groupId}:` : route?.url ? `${method} ${route.url}:` : 'global:';
    }

    incr(key: string, callback: Callback, timeWindow: number): void {
      increment(this.prefix + key, timeWindow).then(
        (result) => callback(null, result),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: StoreOptions): DbRateLimitStore {
      return new DbRateLimitStore(routeOptions);
    }
  };
}
