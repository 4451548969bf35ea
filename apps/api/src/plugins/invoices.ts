import type { Database } from '@shop/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createInvoiceIssuer, type InvoiceIssuer } from '../invoices/invoice-issuer.ts';

declare module 'fastify' {
  interface FastifyInstance {
    invoices: {
      /** The batch invoice issuer (decision 109): woken after a commit that made an order's invoice due. */
      issuer: InvoiceIssuer;
    };
  }
}

interface InvoicesPluginOptions {
  db: Database;
  /** Due orders per transaction (default 50). */
  batchSize?: number;
  /** Milliseconds between passes when not woken; false runs no issuer in this app (its invoices wait for another process). */
  pollMs?: number | false;
}

/**
 * GST invoices issued after the change that made them due (decision 109): the issuer starts once the app is ready and
 * stops, finishing its pass in hand, when the app closes (before the database does). Every API process runs one;
 * they share the due orders safely (FOR UPDATE SKIP LOCKED).
 */
export const invoicesPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
  async function invoicesPlugin(app: FastifyInstance, options: InvoicesPluginOptions) {
    const issuer = createInvoiceIssuer({
      db: options.db,
      log: app.log,
      batchSize: options.batchSize,
      pollMs: options.pollMs === false ? undefined : options.pollMs,
      // A "shipped" mail waits for its invoice (invoice-attachment.ts): it can go now.
      onIssued: () => app.outbox.worker.wake(),
    });
    app.decorate('invoices', { issuer });
    if (options.pollMs === false) return;
    app.addHook('onReady', (done) => {
      issuer.start();
      done();
    });
    app.addHook('onClose', async () => {
      await issuer.stop();
    });
  },
  { name: 'invoices', dependencies: ['outbox'] },
);
