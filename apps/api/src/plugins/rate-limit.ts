import rateLimit from '@fastify/rate-limit';
import type { Database } from '@shop/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { createDbRateLimitStore } from './db-rate-limit-store.ts';

/**
 * Rate limits are opt-in per route (`config: { rateLimit: { max, timeWindow } }`): counting every
 * catalogue read would cost a write per request. Counters live in Redis when REDIS_URL is set,
 * otherwise in the database, so several API processes enforce one limit either way.
 * The client is `request.ip`, which honours X-Forwarded-For only when TRUST_PROXY says so.
 */
export const rateLimitPlugin = fp(
  async function limits(app: FastifyInstance, options: { db: Database; redisUrl?: string }) {
    if (options.redisUrl) {
      const redis = new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2, enableOfflineQueue: true });
      app.addHook('onClose', async () => {
        await redis.quit();
      });
      await app.register(rateLimit, { global: false, redis, nameSpace: 'shop-rate-limit:' });
    } else {
      await app.register(rateLimit, { global: false, store: createDbRateLimitStore(options.db) as never });
    }
  },
  { name: 'rate-limit' },
);
