import { type Database, outbox } from '@shop/db';
import { asc, eq } from 'drizzle-orm';
import { isOrderId } from '../orders/order-view.ts';
import { Refusal } from '../lib/refusal.ts';

/** One message about an order as staff see it on the order (no body: the customer's messages are theirs). */
export interface OrderMessageEntry {
  _id: string;
  channel: 'email' | 'sms' | 'whatsapp';
  recipient: string;
  kind: string;
  subject: string | null;
  status: 'pending' | 'sending' | 'sent' | 'failed';
  attempts: number;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
}

/** The messages written about an order, oldest first, with their delivery status (issue 21). */
export async function orderMessages(db: Database, orderId: string): Promise<OrderMessageEntry[]> {
  if (!isOrderId(orderId)) throw new Refusal('order_not_found');
  const rows = await db.select().from(outbox).where(eq(outbox.orderId, orderId.toLowerCase())).orderBy(asc(outbox.createdAt), asc(outbox.id));
  return rows.map((row) => ({
    _id: row.id,
    channel: row.channel,
    recipient: row.recipient,
    kind: row.kind,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
  }));
}
