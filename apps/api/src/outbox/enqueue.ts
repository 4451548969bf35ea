import { type Database, outbox, type OutboxChannel, type OutboxExtras } from '@shop/db';

/** What a feature asks the outbox to deliver (`app.outbox.enqueue`). */
export interface OutboxMessageInput {
  channel: OutboxChannel;
  /** An email address, or an E.164 phone number for SMS. */
  recipient: string;
  /** 'otp' | 'magic-link' | 'password-reset' | 'verify-email' | …: decides redaction after delivery. */
  kind: string;
  subject?: string;
  text: string;
  html?: string;
  /** Issue 21: the order it is about (staff see it there) and its once-only key (one row per key, see messages/). */
  orderId?: string;
  dedupeKey?: string;
  extras?: OutboxExtras;
}

/** The database or a transaction on it: anything that can insert. */
export type OutboxWriter = Pick<Database, 'insert'>;

/** The outbox row for a message (checked: a known channel, a recipient, an email's subject), as its columns hold it. */
export function outboxRow(message: OutboxMessageInput) {
  if (message.channel !== 'email' && message.channel !== 'sms' && message.channel !== 'whatsapp')
    throw new Error(`outbox: unknown channel ${String(message.channel)}`);
  if (!message.recipient.trim()) throw new Error('outbox: a message needs a recipient');
  if (message.channel === 'email' && !message.subject) throw new Error('outbox: an email needs a subject');
  return {
    channel: message.channel,
    recipient: message.recipient.trim(),
    kind: message.kind,
    subject: message.subject ?? null,
    bodyText: message.text,
    bodyHtml: message.html ?? null,
    ...(message.orderId ? { orderId: message.orderId } : {}),
    ...(message.dedupeKey ? { dedupeKey: message.dedupeKey } : {}),
    ...(message.extras ? { extras: message.extras } : {}),
  };
}

/** An outbox row as `jsonb_to_recordset` reads it (snake_case column names). */
export interface OutboxColumns {
  channel: string;
  recipient: string;
  kind: string;
  subject: string | null;
  body_text: string;
  body_html: string | null;
  order_id: string | null;
  dedupe_key: string | null;
  extras: unknown;
}

/**
 * An outbox row by its columns' names, for the statements that insert messages from one jsonb array with
 * `jsonb_to_recordset` (an order's placement, a carrier's tracking event): the statement's text stays the same however
 * many messages there are.
 */
export function outboxColumns(row: ReturnType<typeof outboxRow>): OutboxColumns {
  return {
    channel: row.channel,
    recipient: row.recipient,
    kind: row.kind,
    subject: row.subject,
    body_text: row.bodyText,
    body_html: row.bodyHtml,
    order_id: row.orderId ?? null,
    dedupe_key: row.dedupeKey ?? null,
    extras: row.extras ?? null,
  };
}

/**
 * Writes one message to the outbox and answers its id. `db` may be a transaction, so the message is committed
 * (and later sent) only if the rest of the request's writes are. The worker sends it; nothing here waits on a
 * mail server or gateway. (Placing an order writes its confirmation inside the order's own statement, with
 * `outboxRow`, and wakes the worker itself.)
 */
export async function enqueueMessage(db: OutboxWriter, message: OutboxMessageInput): Promise<string> {
  const [row] = await db.insert(outbox).values(outboxRow(message)).returning({ id: outbox.id });
  return (row as { id: string }).id;
}
