import type { Database } from '@shop/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createInvoiceIssuer, type InvoiceIssuer } from '../invoices/invoice-issuer.ts';
import { pdfRenderer, type PdfRenderer } from '../invoices/pdf-pool.ts';

declare module 'fastify' {
  interface FastifyInstance {
    invoices: {
      /** The batch invoice issuer (decision 109): woken after a commit that made an order's invoice due. */
      issuer: InvoiceIssuer;
      /** Draws invoice and credit-note PDFs: worker threads, or this thread with PDF_THREADS=0 (decision 132). */
      pdf: PdfRenderer;
    };
  }
}

interface InvoicesPluginOptions {
  db: Database;
  /** Due orders per transaction (default 50). */
  batchSize?: number;
  /** Milliseconds between passes when not woken; false runs no issuer in this app (its invoices wait for another process). */
  pollMs?: number | false;
  /** Worker threads for PDFs (PDF_THREADS; default 1); 0 draws them on the API's own thread. */
  pdfThreads?: number;
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
    const pdf = pdfRenderer(options.pdfThreads ?? 1);
    app.decorate('invoices', { issuer, pdf });
    // onClose hooks run last-registered first, so this one runs before the outbox plugin's: the outbox worker (which
    // asks for PDFs for the shipped mails) is stopped here first (stop is idempotent), then the PDFs in hand finish.
    app.addHook('onClose', async () => {
      await app.outbox.worker.stop();
      await pdf.close();
    });
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
