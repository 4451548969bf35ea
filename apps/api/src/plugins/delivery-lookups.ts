import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { WarmDeliveryLookups } from '../delivery/delivery-directory.ts';
import { databaseLookups, type DeliveryLookups, memoisedLookups } from '../delivery/delivery-lookups.ts';
import { databaseSource } from '../delivery/directory-source.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** The pincode and product reads behind delivery estimates (routes/delivery, the latency bench). */
    deliveryLookups: DeliveryLookups;
    /** The in-memory directory behind them (null with the response cache off); tests and the latency bench wait for it. */
    deliveryDirectory: Pick<WarmDeliveryLookups, 'warm' | 'load' | 'settle' | 'reloads'> | null;
  }
}

/** A snapshot of the directory is reloaded in the background after this long, should an invalidation have been lost. */
const DIRECTORY_MAX_AGE_MS = 5 * 60_000;

/**
 * The delivery estimate's lookups (decisions 088, 112 and 119), at the root so every process-wide hook sees them.
 * Pincodes and products remembered for the cache window (cleared by an import or a product save, in every process);
 * with the cache on, the whole directory and every product's facts in memory, loaded before the API listens (so its
 * health check answers only once estimates are warm) and again after invalidations, so no estimate waits for the
 * database.
 */
export const deliveryLookupsPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
  async function deliveryLookups(app: FastifyInstance) {
    const memoised = memoisedLookups(databaseLookups(app.db), { pincodes: app.responseCache.table(25_000), products: app.responseCache.table(20_000) });
    if (!app.responseCache.enabled) {
      app.decorate('deliveryLookups', memoised);
      app.decorate('deliveryDirectory', null);
      return;
    }
    const warm = new WarmDeliveryLookups(databaseSource(app.db), memoised, {
      maxAgeMs: DIRECTORY_MAX_AGE_MS,
      onError: (error) => app.log.warn({ err: error }, 'delivery: could not load the pincode directory into memory, reading it per request'),
    });
    app.responseCache.onClear((changed) => warm.invalidate(changed));
    // Awaited: listen() waits for onReady, so the first requests find both tables in memory. A load that fails is
    // logged and retried in the background; the memo answers meanwhile.
    app.addHook('onReady', async () => {
      await warm.load();
    });
    app.addHook('onClose', (_instance, done) => {
      warm.close();
      done();
    });
    app.decorate('deliveryLookups', warm);
    app.decorate('deliveryDirectory', warm);
  },
  { name: 'delivery-lookups', dependencies: ['db', 'response-cache'] },
);
