import { createTransport } from 'nodemailer';
import { type OutgoingMessage, type Transport, TransportError } from './transport.ts';

interface SmtpSettings {
  /** smtp://user:pass@host:587 or smtps://…:465 (SMTP_URL). */
  url: string;
  /** "Name <address>" (MAIL_FROM). */
  from: string;
  /** Per-step timeout; kept well under the worker's claim lease so a hung server never causes a double send. */
  timeoutMs?: number;
  /** Pooled connections (default 2); the worker sends a claimed batch at once over them. */
  connections?: number;
}

/** Mail through an SMTP server with nodemailer: one pooled connection per process, reused between messages. */
export function createSmtpTransport(settings: SmtpSettings): Transport {
  const timeout = settings.timeoutMs ?? 20_000;
  const mailer = createTransport({
    url: settings.url,
    pool: true,
    maxConnections: settings.connections ?? 2,
    connectionTimeout: timeout,
    greetingTimeout: timeout,
    socketTimeout: timeout,
  });
  return {
    name: 'smtp',
    real: true,
    async send(message: OutgoingMessage) {
      try {
        const info = await mailer.sendMail({
          from: settings.from,
          to: message.recipient,
          subject: message.subject ?? '',
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          // Issue 21: List-Unsubscribe on marketing mail, and files such as the order's invoice.
          ...(message.extras?.headers ? { headers: message.extras.headers } : {}),
          ...(message.attachments?.length
            ? { attachments: message.attachments.map((file) => ({ filename: file.filename, contentType: file.contentType, content: file.content })) }
            : {}),
          // One outbox row is one mail: a retry after an unclear failure is recognisable as the same message.
          messageId: `<${message.id}@outbox.kaarigar>`,
        });
        if (info.rejected.length > 0) throw new TransportError(`SMTP rejected ${info.rejected.length} recipient(s)`);
      } catch (error) {
        if (error instanceof TransportError) throw error;
        const { code, responseCode, message: text } = error as { code?: string; responseCode?: number; message?: string };
        throw new TransportError(
          `SMTP: ${[code, responseCode, text].filter(Boolean).join(' ')}`.slice(0, 500),
          `SMTP: ${[code, responseCode].filter(Boolean).join(' ') || 'failed'}`,
        );
      }
    },
    close() {
      mailer.close();
    },
  };
}
