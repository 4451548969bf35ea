import { Redis } from 'ioredis';

/** The Redis channel every storefront process listens to (apps/web/server/revalidate.mjs names it too). */
export const STOREFRONT_CHANNEL = 'shop:storefront:revalidate';

/** Every cached storefront page carries this tag: a change without a finer tag expires them all. */
export const ALL_PAGES_TAG = 'catalogue';

/**
 * The tags of a change to these products (apps/web/server/page-cache.mjs names the pages that carry them): their own
 * pages, and the listings (home, shop, categories) that may show them. Other products' pages stay cached, which
 * matters in a sale, when stock runs out and prices change while the same few pages take most of the traffic.
 */
export function productTags(slugs: Iterable<string>): string[] {
  return ['products', ...[...new Set(slugs)].map((slug) => `product:${slug}`)];
}

export interface StorefrontNotifier {
  /** Tells the storefront these tags changed. Never throws: a storefront that is down must not fail a staff write. */
  notify(tags: string[]): Promise<void>;
  close(): Promise<void>;
}

interface Options {
  /** REDIS_URL: publish to every storefront process at once. */
  redisUrl?: string;
  /** Else POST {tags} to this storefront's /_shop/revalidate with the shared REVALIDATE_SECRET. */
  storefrontUrl?: string;
  secret?: string;
  log: { warn(object: object, message: string): void };
}

/**
 * How the API tells the storefront its catalogue changed, so the cached pages showing it are rendered again within
 * seconds (docs/decisions/095). With Redis, one publish reaches every storefront process; without it, one storefront
 * process is called over HTTP (the embedded default runs one). Undefined when neither is configured.
 */
export function createStorefrontNotifier(options: Options): StorefrontNotifier | undefined {
  if (options.redisUrl) {
    const redis = new Redis(options.redisUrl, { maxRetriesPerRequest: 2, lazyConnect: true });
    redis.on('error', () => {});
    return {
      async notify(tags) {
        await redis.publish(STOREFRONT_CHANNEL, JSON.stringify({ tags })).catch((error: Error) => {
          options.log.warn({ err: error, tags }, 'storefront: could not publish a catalogue change');
        });
      },
      async close() {
        await redis.quit().catch(() => undefined);
      },
    };
  }
  if (!options.storefrontUrl || !options.secret) return undefined;
  const url = new URL('/_shop/revalidate', options.storefrontUrl);
  const secret = options.secret;
  return {
    async notify(tags) {
      try {
        const response = await fetch(url, {
          method: 'POST',
          headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
          body: JSON.stringify({ tags }),
          signal: AbortSignal.timeout(5_000),
        });
        if (response.status !== 204) options.log.warn({ status: response.status, tags }, 'storefront: revalidate refused');
      } catch (error) {
        options.log.warn({ err: error, tags }, 'storefront: could not announce a catalogue change');
      }
    },
    close: () => Promise.resolve(),
  };
}
