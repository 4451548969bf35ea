import { type Database, outbox } from '@shop/db';
import { normaliseIndianMobile } from '@shop/domain/phone';
import { desc, eq, sql } from 'drizzle-orm';

interface OutboxEntry {
  _id: string;
  channel: 'email' | 'sms' | 'whatsapp';
  recipient: string;
  kind: string;
  subject: string | null;
  bodyText: string;
  createdAt: string;
  status: 'pending' | 'sending' | 'sent' | 'failed';
}

/**
 * The recipient as stored: an email address as given (compared without case), a phone number in E.164.
 * In a query string "+91…" often arrives as " 91…" (a bare "+" means a space), so numbers are normalised.
 */
function recipientFilter(to: string) {
  if (to.includes('@')) return sql`lower(${outbox.recipient}) = ${to.toLowerCase()}`;
  return eq(outbox.recipient, normaliseIndianMobile(to) ?? to);
}

/** The latest outbox messages, newest first, optionally to one recipient (the dev outbox page: only while no gateway is set). */
export async function latestOutboxMessages(db: Database, to: string | undefined, limit: number): Promise<OutboxEntry[]> {
  const rows = await db
    .select()
    .from(outbox)
    .where(to ? recipientFilter(to) : undefined)
    .orderBy(desc(outbox.createdAt), desc(outbox.id))
    .limit(limit);
  return rows.map((row) => ({
    _id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    kind: row.kind,
    subject: row.subject,
    bodyText: row.bodyText,
    createdAt: row.createdAt.toISOString(),
    status: row.status,
  }));
}
