import type { Database } from '@shop/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_SMS_TEMPLATE } from '../outbox/sms-template.ts';
import { DEFAULT_MAIL_FROM } from '../outbox/mail-from.ts';
import { enqueueMessage, type OutboxMessageInput, type OutboxWriter } from '../outbox/enqueue.ts';
import { type DeliverySettings, transportsFor } from '../outbox/transports/for-settings.ts';
import { createOutboxWorker, type OutboxWorker, type OutboxWorkerTiming } from '../outbox/worker.ts';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: {
      /**
       * Writes a message to the outbox (in `db` when given, e.g. the request's transaction) and answers its
       * id; this process's worker is woken to send it at once. A closure: it may be passed around on its own.
       */
      enqueue: (message: OutboxMessageInput, db?: OutboxWriter) => Promise<string>;
      worker: OutboxWorker;
    };
  }
}

interface OutboxPluginOptions {
  db: Database;
  settings: Partial<DeliverySettings> & { production?: boolean };
  /** Worker timing (tests shorten it); `false` runs no worker in this app (its rows wait for another process). */
  worker?: Partial<OutboxWorkerTiming> | false;
}

/**
 * Outgoing mail and SMS (ARCHITECTURE.md: outbox table + transport). Decorates `app.outbox.enqueue` and runs
 * the sending worker while the app is up: it starts once the app is ready and stops, finishing the batch in
 * hand, when the app closes (before the database does).
 */
export const outboxPlugin = fp(
  // eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
  async function outboxPlugin(app: FastifyInstance, options: OutboxPluginOptions) {
    const settings: DeliverySettings = {
      ...options.settings,
      mailFrom: options.settings.mailFrom ?? DEFAULT_MAIL_FROM,
      smsTemplate: options.settings.smsTemplate ?? DEFAULT_SMS_TEMPLATE,
    };
    const transports = transportsFor(settings, app.log);
    if (options.settings.production) {
      if (transports.email.name === 'dev') app.log.warn('SMTP_URL is not set: mail is not sent, only written to this log');
      if (transports.sms.name === 'dev') app.log.warn('SMS_GATEWAY_URL is not set: SMS is not sent, only written to this log');
    }
    const worker = createOutboxWorker({
      db: options.db,
      transports,
      log: app.log,
      timing: options.worker === false ? undefined : options.worker,
    });

    app.decorate('outbox', {
      async enqueue(message: OutboxMessageInput, db: OutboxWriter = options.db) {
        const id = await enqueueMessage(db, message);
        worker.wake();
        return id;
      },
      worker,
    });

    if (options.worker !== false) {
      app.addHook('onReady', (done) => {
        worker.start();
        done();
      });
    }
    app.addHook('onClose', async () => {
      await worker.stop();
      await transports.email.close?.();
      await transports.sms.close?.();
    });
  },
  { name: 'outbox' },
);
