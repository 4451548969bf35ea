import { type Database, orders, outbox } from '@shop/db';
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

/**
 * The messages written about an order, oldest first, with their delivery status (issue 21). An order that does not
 * exist is 404 `order_not_found`, whether its id is malformed or just unknown; an order without messages is [].
 */
export async function orderMessages(db: Database, orderId: string): Promise<OrderMessageEntry[]> {
  if (!isOrderId(orderId)) throw new Refusal('order_not_found');
  const id = orderId.toLowerCase();
  const rows = await db.select().from(outbox).where(eq(outbox.orderId, id)).orderBy(asc(outbox.createdAt), asc(outbox.id));
  if (rows.length === 0) {
    const [order] = await db.select({ id: orders.id }).from(orders).where(eq(orders.id, id));
    if (!order) throw new Refusal('order_not_found');
  }
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
