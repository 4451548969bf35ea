import type { Database } from '@shop/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { pruneOnce } from '../housekeeping/prune.ts';

interface HousekeepingOptions {
  db: Database;
  /** Between passes (ms); `false` runs none in this app (tests, or processes that should not). */
  everyMs?: number | false;
}

const HOUR = 3_600_000;

/**
 * Deletes rows that have done their job (housekeeping/prune.ts) once a minute after start-up, then hourly, while the
 * app runs. A failed pass is logged and tried again at the next one: it never stops the API.
 */
export const housekeepingPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
  async function housekeepingPlugin(app: FastifyInstance, options: HousekeepingOptions) {
    const everyMs = options.everyMs ?? HOUR;
    if (everyMs === false) return;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    const pass = () => {
      running = pruneOnce(options.db, undefined, app.objectStore)
        .then((counts) => {
          if (Object.values(counts).some((n) => n > 0)) app.log.info({ pruned: counts }, 'housekeeping: old rows deleted');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'housekeeping: pass failed, will retry'))
        .finally(() => {
          running = undefined;
          timer = setTimeout(pass, everyMs).unref();
        });
    };
    app.addHook('onReady', (done) => {
      timer = setTimeout(pass, Math.min(60_000, everyMs)).unref();
      done();
    });
    app.addHook('onClose', async () => {
      clearTimeout(timer);
      await running;
    });
  },
  { name: 'housekeeping' },
);
