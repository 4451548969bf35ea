import type { Database } from '@shop/db';
import { databaseTryCounter } from '../lib/try-counter.ts';

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

export function createDbRateLimitStore(db: Database) {
  // The same fixed-window count in the rate_limits table as the coupon tries (lib/try-counter.ts): one upsert, one sweep.
  const counter = databaseTryCounter(db);

  async function increment(key: string, timeWindow: number): Promise<IncrResult> {
    const [row] = await counter.take([key], timeWindow);
    if (!row) throw new Error('rate limit upsert returned no row');
    return { current: row.count, ttl: row.retryMs };
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
