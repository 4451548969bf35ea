import type { DatabaseHandle } from '@shop/db';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import { ALL_PAGES_TAG, type StorefrontNotifier } from '../lib/storefront-notifier.ts';

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

interface ResponseCache {
  /**
   * Forgets every cached answer, here and in every other API process on the same database. Whoever
   * changes the catalogue (back office, stock moves) calls this after committing. The storefront's cached pages
   * showing `tags` are expired too (every page when none are given; decision 095). A staff write waits for the
   * storefront to have heard, so the next page shows the change; a shopper's (an order taking the last piece) does not.
   * `changed` names what changed for the `onClear` listeners (e.g. `pincodes`), here and in the other processes.
   */
  invalidate(tags?: string[], options?: { awaitStorefront?: boolean; changed?: string }): Promise<void>;
  /**
   * A value derived from the catalogue (e.g. a category's subtree), computed once per cache window and
   * forgotten with the answers on invalidate. With the cache off it is computed every time.
   */
  memo<T>(key: string, load: () => Promise<T>): Promise<T>;
  /**
   * A keyed memo with room for `max` entries (e.g. one per pincode), forgotten with the answers on invalidate; with
   * the cache off it remembers nothing. For lookups too many for `memo`'s shared 1,000 entries.
   */
  table<T>(max: number): MemoTable<T>;
  /**
   * Hears every clearing (an invalidation here, or another process's NOTIFY), with the invalidation's `changed` (''
   * when it named nothing): for caches kept beside this one.
   */
  onClear(listener: (changed: string) => void): void;
  /** False with CATALOGUE_CACHE_SECONDS=0 (tests): nothing is remembered. */
  readonly enabled: boolean;
  readonly size: number;
}

export interface MemoTable<T> {
  get(key: string): T | undefined;
  set(key: string, value: T): void;
}

/** NOTIFY channel on which any API process announces a catalogue change. */
export const INVALIDATE_CHANNEL = 'shop_catalogue_changed';

interface Entry {
  body: string;
  contentType: string;
  cacheControl: string;
}

/**
 * Caches, for a few seconds, the GET answers that the API already declares public (cache-control:
 * public, set by lib/cache.ts). The same answer may be served by browsers and proxies for 30 s anyway,
 * so holding it in memory changes nothing a shopper sees, and it saves the database and the JSON
 * serialisation on every repeat: a busy category page or a popular search is computed once per window.
 *
 * Nothing here is needed for correctness (ARCHITECTURE.md: no request may depend on a process's
 * memory): a miss just runs the route. Answers for signed-in callers are never public, so never cached.
 * Changes reach every process through PostgreSQL LISTEN/NOTIFY (PGlite delivers it in-process).
 */
export const responseCachePlugin = fp(
  async function responseCache(app: FastifyInstance, options: { handle: DatabaseHandle; seconds: number; storefront?: StorefrontNotifier }) {
    const enabled = options.seconds > 0;
    const cache = new LRUCache<string, Entry>({
      max: 5_000,
      maxSize: 64 * 1024 * 1024,
      sizeCalculation: (entry) => entry.body.length + 64,
      ttl: Math.max(1, options.seconds) * 1_000,
    });

    const memos = new LRUCache<string, { value: unknown }>({ max: 1_000, ttl: Math.max(1, options.seconds) * 1_000 });
    const tables: LRUCache<string, { value: unknown }>[] = [];
    const loading = new Map<string, Promise<unknown>>();
    let clearings = 0;
    const listeners: Array<(changed: string) => void> = [];
    const clearAll = (changed = '') => {
      clearings++;
      cache.clear();
      memos.clear();
      loading.clear();
      for (const table of tables) table.clear();
      for (const listener of listeners) listener(changed);
    };

    app.decorate('responseCache', {
      async invalidate(tags?: string[], { awaitStorefront = true, changed = '' }: { awaitStorefront?: boolean; changed?: string } = {}) {
        clearAll(changed);
        await options.handle.db.execute(sql`select pg_notify(${INVALIDATE_CHANNEL}, ${changed})`);
        // After the other API processes were told: the storefront's refill reads through them. The notifier never
        // throws and gives up after 5 s.
        const told = options.storefront?.notify(tags && tags.length > 0 ? tags : [ALL_PAGES_TAG]);
        if (awaitStorefront) await told;
      },
      memo<T>(key: string, load: () => Promise<T>): Promise<T> {
        if (!enabled) return load();
        const hit = memos.get(key);
        if (hit !== undefined) return Promise.resolve(hit.value as T);
        // Right after an invalidation every request misses at once: they share one load rather than each reading.
        const waiting = loading.get(key);
        if (waiting !== undefined) return waiting as Promise<T>;
        const clearing = clearings;
        const done = () => {
          if (loading.get(key) === promise) loading.delete(key);
        };
        const promise: Promise<T> = load().then(
          (value) => {
            done();
            // A load that an invalidation overtook may have read the old rows: answered, not remembered.
            if (clearing === clearings) memos.set(key, { value });
            return value;
          },
          (error: unknown) => {
            done();
            throw error;
          },
        );
        loading.set(key, promise);
        return promise;
      },
      table<T>(max: number): MemoTable<T> {
        if (!enabled) return { get: () => undefined, set: () => undefined };
        const table = new LRUCache<string, { value: unknown }>({ max, ttl: Math.max(1, options.seconds) * 1_000 });
        tables.push(table);
        return {
          get: (key) => table.get(key)?.value as T | undefined,
          set: (key, value) => void table.set(key, { value }),
        };
      },
      onClear(listener: (changed: string) => void) {
        listeners.push(listener);
      },
      enabled,
      get size() {
        return cache.size;
      },
    });
    if (options.storefront) {
      const storefront = options.storefront;
      app.addHook('onClose', async () => storefront.close());
    }
    if (!enabled) return;

    const stopListening = await options.handle.listen(INVALIDATE_CHANNEL, (payload) => clearAll(payload));
    app.addHook('onClose', async () => {
      await stopListening();
    });

    app.addHook('onRequest', async (request, reply) => {
      if (request.method !== 'GET') return;
      const hit = cache.get(request.url);
      if (hit === undefined) return;
      reply.header('content-type', hit.contentType).header('cache-control', hit.cacheControl).header('x-cache', 'hit');
      return reply.send(hit.body);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (request.method !== 'GET' || reply.statusCode !== 200 || typeof payload !== 'string') return payload;
      if (reply.getHeader('x-cache') === 'hit') return payload;
      const cacheControl = String(reply.getHeader('cache-control') ?? '');
      if (!cacheControl.startsWith('public')) return payload;
      cache.set(request.url, {
        body: payload,
        contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
        cacheControl,
      });
      return payload;
    });
  },
  { name: 'response-cache', dependencies: ['db'] },
);
