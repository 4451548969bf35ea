import type { Database } from '@shop/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import type { OrderLimits } from '../orders/limits.ts';
import { databaseTryCounter, redisTryCounter, type TryCounter } from '../lib/try-counter.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The abuse limits on orders and coupons (issue 19) and where wrong coupon codes are counted. */
    orderLimits: { settings: OrderLimits; couponTries: TryCounter };
  }
}

/**
 * Makes the order limits' settings and counter available to the order and coupon routes. The counts of orders are
 * read from the orders themselves by each order's write statement (orders/write-order.ts); only wrong coupon codes,
 * which leave no row behind, need a counter: Redis when REDIS_URL is set, else the database (decision 051).
 */
export const orderLimitsPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
  async function orderLimits(app: FastifyInstance, options: { db: Database; redisUrl?: string; settings: OrderLimits }) {
    let couponTries: TryCounter;
    if (options.redisUrl) {
      const redis = new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
      app.addHook('onClose', async () => {
        await redis.quit();
      });
      couponTries = redisTryCounter(redis, 'shop-limits:');
    } else {
      couponTries = databaseTryCounter(options.db);
    }
    app.decorate('orderLimits', { settings: options.settings, couponTries });
  },
  { name: 'order-limits' },
);
