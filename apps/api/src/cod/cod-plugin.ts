import type { Database } from '@shop/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { CodDeps } from './cod-placement.ts';
import { loadCodSettings } from './cod-settings.ts';
import { expireUnconfirmed } from './expire-unconfirmed.ts';

declare module 'fastify' {
  interface FastifyInstance {
    cod: CodDeps & {
      /** One pass of the confirmation expiry (the timer runs it; tests call it). */
      expire(now?: Date): Promise<number>;
    };
  }
}

interface CodOptions {
  db: Database;
  siteUrl: string;
  /** Between expiry passes (ms); false runs none in this app. */
  expiryEveryMs?: number | false;
}

/**
 * The shop's COD controls (issue 20, decisions 065 and 066): their settings, memoised in the response cache like the
 * shipping rules (a settings save clears it), and every minute the cancellation of COD orders whose confirmation time
 * ran out. Several API instances may run the pass at once: each order is cancelled exactly once.
 */
export const codPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async, so a registration error rejects ready()
  async function cod(app: FastifyInstance, options: CodOptions) {
    const onStockBack = () => app.responseCache.invalidate(undefined, { awaitStorefront: false });
    const expire = (now?: Date) => expireUnconfirmed(options.db, now, onStockBack);
    app.decorate('cod', {
      settings: () => app.responseCache.memo('cod-settings', () => loadCodSettings(options.db)),
      siteUrl: options.siteUrl,
      expire,
    });

    const everyMs = options.expiryEveryMs ?? 60_000;
    if (everyMs === false) return;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    let closed = false;
    const pass = () => {
      if (closed) return;
      running = expire()
        .then((count) => {
          if (count > 0) app.log.info({ cancelled: count }, 'cod: unconfirmed cash-on-delivery orders cancelled, stock released');
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'cod: confirmation expiry pass failed, will retry'))
        .finally(() => {
          running = undefined;
          if (!closed) timer = setTimeout(pass, everyMs).unref();
        });
    };
    app.addHook('onReady', (done) => {
      timer = setTimeout(pass, everyMs).unref();
      done();
    });
    app.addHook('onClose', async () => {
      closed = true;
      clearTimeout(timer);
      await running;
    });
  },
  { name: 'cod', dependencies: ['response-cache'] },
);
