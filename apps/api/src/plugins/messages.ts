import type { Database } from '@shop/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { invoiceAttachment } from '../invoices/invoice-attachment.ts';
import { registerAttachmentProvider } from '../messages/attachments.ts';
import { remindPersonalisation } from '../messages/reminders.ts';
import { configureMessages } from '../messages/settings.ts';

interface MessagesOptions {
  db: Database;
  siteUrl: string;
  /** WhatsApp is configured (Cloud API or its loopback double): shoppers may choose it. */
  whatsapp: boolean;
  /** Between reminder passes (ms); false runs none in this app (tests run them by hand with a fake clock). */
  everyMs?: number | false;
}

const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * Messages to shoppers (issue 21): sets the links' origin, and runs the personalisation reminder pass
 * (messages/reminders.ts) every 15 minutes while the app is up; a failed pass is logged and tried again.
 */
export const messagesPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
  async function messagesPlugin(app: FastifyInstance, options: MessagesOptions) {
    configureMessages({ siteUrl: options.siteUrl, whatsapp: options.whatsapp });
    // The GST invoice rides on the shipped mail (issue 21); the object store is the storage plugin's, the PDF pool the invoices plugin's.
    const unregister = registerAttachmentProvider(invoiceAttachment(options.db, app.objectStore, app.invoices.pdf));
    app.addHook('onClose', (_instance, done) => {
      unregister();
      done();
    });
    const everyMs = options.everyMs ?? FIFTEEN_MINUTES;
    if (everyMs === false) return;
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<void> | undefined;
    const pass = () => {
      running = remindPersonalisation(options.db)
        .then((written) => {
          if (written > 0) {
            app.log.info({ reminders: written }, 'messages: personalisation reminders written');
            app.outbox.worker.wake();
          }
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'messages: reminder pass failed, will retry'))
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
  { name: 'messages', dependencies: ['outbox', 'invoices'] },
);
