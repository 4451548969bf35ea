import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { Redis } from 'ioredis';
import { checkReadiness, type ReadinessReport, TIMEOUT_MS } from './readiness.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** Whether the database, and Redis and the S3 bucket when configured, answer now (GET /api/health/ready). */
    readiness(): Promise<ReadinessReport>;
  }
}

interface ReadinessOptions {
  /** REDIS_URL: Redis is checked when set. */
  redisUrl?: string;
  /** Whether uploads go to an S3-compatible bucket (S3_*): it is checked then. The local disk needs no probe. */
  objectStoreIsRemote?: boolean;
}

/**
 * Decorates `app.readiness()`. Redis gets a connection of its own, opened at the first probe: a readiness check must
 * not share a client with the rate limits, whose queue may be full of the very commands that are stuck.
 */
export const readinessPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
  async function readiness(app: FastifyInstance, options: ReadinessOptions) {
    let redis: Redis | undefined;
    if (options.redisUrl) {
      const client = new Redis(options.redisUrl, { lazyConnect: true, connectTimeout: TIMEOUT_MS, maxRetriesPerRequest: 1 });
      // A Redis that is down is reported by the probe; without a listener ioredis would print every reconnect error.
      client.on('error', () => undefined);
      app.addHook('onClose', () => {
        client.disconnect();
      });
      redis = client;
    }
    app.decorate('readiness', () =>
      checkReadiness({
        db: app.db,
        pingRedis: redis ? () => redis.ping() : undefined,
        objectStore: options.objectStoreIsRemote ? app.objectStore : undefined,
      }),
    );
  },
  { name: 'readiness', dependencies: ['db', 'storage'] },
);
