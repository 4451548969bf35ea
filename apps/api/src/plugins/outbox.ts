import type { Database } from '@shop/db';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_SMS_TEMPLATE } from '../outbox/sms-template.ts';
import { DEFAULT_MAIL_FROM } from '../outbox/mail-from.ts';
import { enqueueMessage, type OutboxMessageInput, type OutboxWriter } from '../outbox/enqueue.ts';
import type { ConsolePrinter } from '../outbox/transports/dev.ts';
import { type DeliverySettings, transportsFor, usesDevOutbox } from '../outbox/transports/for-settings.ts';
import { createOutboxWorker, type OutboxWorker, type OutboxWorkerTiming } from '../outbox/worker.ts';
import type { WhatsAppConfig } from '../config.ts';
import { loadAttachments } from '../messages/attachments.ts';
import { type LoopbackCloudApi, startLoopbackCloudApi } from '../messages/whatsapp/loopback-cloud-api.ts';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: {
      /**
       * Writes a message to the outbox (in `db` when given, e.g. the request's transaction) and answers its
       * id; this process's worker is woken to send it at once. A closure: it may be passed around on its own.
       */
      enqueue: (message: OutboxMessageInput, db?: OutboxWriter) => Promise<string>;
      worker: OutboxWorker;
      /** No gateway is configured: messages are printed on the console and listed by /api/dev/outbox (routes/dev-outbox). */
      devOutbox: boolean;
      /** The loopback WhatsApp Cloud API when WHATSAPP_LOOPBACK is on (tests read what it received). */
      whatsAppLoopback?: LoopbackCloudApi;
    };
  }
}

interface OutboxPluginOptions {
  db: Database;
  settings: Partial<Omit<DeliverySettings, 'whatsapp'>> & { production?: boolean; siteUrl?: string; whatsapp?: WhatsAppConfig; outboxBatchSize?: number };
  /**
   * Where the dev transport prints its one readable line per message (and the start-up notice saying where codes
   * are): process.stdout by default; false prints nothing (a quiet app: tests, LOG_LEVEL above info).
   */
  print?: ConsolePrinter | false;
  /** Worker timing (tests shorten it); `false` runs no worker in this app (its rows wait for another process). */
  worker?: Partial<OutboxWorkerTiming> | false;
}

/**
 * Outgoing mail and SMS (ARCHITECTURE.md: outbox table + transport). Decorates `app.outbox.enqueue` and runs
 * the sending worker while the app is up: it starts once the app is ready and stops, finishing the batch in
 * hand, when the app closes (before the database does).
 */
export const outboxPlugin = fp(
  async function outboxPlugin(app: FastifyInstance, options: OutboxPluginOptions) {
    // WhatsApp (issue 21, decision 073): Meta's Cloud API, or its loopback double (never in production: config.ts).
    const whatsAppLoopback = options.settings.whatsapp?.mode === 'loopback' ? await startLoopbackCloudApi() : undefined;
    const whatsapp =
      options.settings.whatsapp?.mode === 'cloud'
        ? options.settings.whatsapp
        : whatsAppLoopback
          ? { baseUrl: whatsAppLoopback.baseUrl, phoneNumberId: whatsAppLoopback.phoneNumberId, accessToken: whatsAppLoopback.accessToken }
          : undefined;
    const settings: DeliverySettings = {
      ...options.settings,
      whatsapp,
      mailFrom: options.settings.mailFrom ?? DEFAULT_MAIL_FROM,
      smsTemplate: options.settings.smsTemplate ?? DEFAULT_SMS_TEMPLATE,
    };
    const print: ConsolePrinter = options.print === false ? () => undefined : (options.print ?? ((line) => void process.stdout.write(`${line}\n`)));
    const transports = transportsFor(settings, print);
    const devOutbox = usesDevOutbox(settings);
    if (devOutbox) {
      const page = `${options.settings.siteUrl ?? 'http://localhost:3000'}/dev/outbox`;
      // Straight to the console, like the messages themselves: the first thing a newcomer needs to find.
      app.addHook('onReady', (done) => {
        print(`No SMS or mail gateway is set (SMS_GATEWAY_URL, SMTP_URL): codes and links are printed here ("SMS to …", "Mail to …") and listed at ${page}`);
        done();
      });
      if (options.settings.production) {
        app.log.warn('SMTP_URL and SMS_GATEWAY_URL are not set: nothing is sent; messages are printed on the console and listed at /dev/outbox');
      }
    } else {
      // One gateway only: the other channel sends nothing (outbox/transports/unconfigured.ts).
      if (transports.email.name === 'unconfigured') app.log.warn('SMTP_URL is not set: mail is not sent (set both gateways, or neither)');
      if (transports.sms.name === 'unconfigured') app.log.warn('SMS_GATEWAY_URL is not set: SMS is not sent (set both gateways, or neither)');
    }
    const worker = createOutboxWorker({
      db: options.db,
      transports,
      loadAttachments,
      log: app.log,
      // OUTBOX_BATCH_SIZE (issue 21's throughput setting) under whatever timing a test gives.
      timing:
        options.worker === false
          ? undefined
          : { ...(options.settings.outboxBatchSize ? { batchSize: options.settings.outboxBatchSize } : {}), ...options.worker },
    });

    app.decorate('outbox', {
      async enqueue(message: OutboxMessageInput, db: OutboxWriter = options.db) {
        const id = await enqueueMessage(db, message);
        worker.wake();
        return id;
      },
      worker,
      devOutbox,
      ...(whatsAppLoopback ? { whatsAppLoopback } : {}),
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
      await whatsAppLoopback?.close();
    });
  },
  { name: 'outbox' },
);
