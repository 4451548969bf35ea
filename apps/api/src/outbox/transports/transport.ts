import type { OutboxExtras } from '@shop/db';

/** A file attached to a mail, loaded at send time (messages/attachments.ts). */
export interface LoadedAttachment {
  filename: string;
  contentType: string;
  content: Buffer;
}

/** One message as a transport sends it (a claimed outbox row). */
export interface OutgoingMessage {
  id: string;
  channel: 'email' | 'sms' | 'whatsapp';
  recipient: string;
  kind: string;
  subject: string | null;
  text: string;
  html: string | null;
  /** Headers, the SMS's DLT template id, a WhatsApp template (issue 21); absent for older rows. */
  extras?: OutboxExtras | null;
  /** The row's attachments, loaded by the worker before sending. */
  attachments?: LoadedAttachment[];
}

/**
 * Sends messages of one channel somewhere. `real` transports deliver to people (SMTP, an SMS gateway); after
 * they send a message that carries a secret, its stored body is redacted. `dev` keeps bodies for /api/dev/outbox
 * and prints each message on the console; `unconfigured` (one channel without a gateway beside a real one) sends
 * nothing and fails.
 * `send` resolves once the far end accepted the message and rejects with a short reason otherwise.
 */
export interface Transport {
  name: 'dev' | 'smtp' | 'sms-gateway' | 'whatsapp' | 'unconfigured';
  real: boolean;
  send(message: OutgoingMessage): Promise<void>;
  close?(): Promise<void> | void;
}

/**
 * A transport's error, short enough for outbox.last_error and free of credentials. `summary` is what the log gets:
 * no recipient, no text, nothing the far end answered (an SMTP reply or a gateway's body may quote the address or
 * the message), only what kind of failure it was.
 */
export class TransportError extends Error {
  override name = 'TransportError';
  readonly summary: string;
  constructor(message: string, summary: string = message) {
    super(message);
    this.summary = summary;
  }
}

/**
 * Thrown by an attachment provider whose file is on its way (an invoice due, decision 109): the worker tries the mail
 * again after `retryMs` without counting an attempt, so the mail goes with its file rather than without it.
 */
export class AttachmentPending extends Error {
  override name = 'AttachmentPending';
  readonly retryMs: number;
  constructor(message: string, retryMs = 1_000) {
    super(message);
    this.retryMs = retryMs;
  }
}
