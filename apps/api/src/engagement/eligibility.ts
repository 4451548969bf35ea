import { type Database, orderLines, orders } from '@shop/db';
import { and, eq, inArray } from 'drizzle-orm';

/**
 * Statuses that mean the parcel reached the customer: delivered, and what can only follow delivery (returned,
 * refunded: they still had the product in hand). Orders are read here, never written (issue 4 owns them).
 */
const RECEIVED = ['delivered', 'returned', 'refunded'] as const;

/** True when one of the user's orders with this product was delivered. */
export async function hasReceived(db: Pick<Database, 'select'>, userId: string, productId: string): Promise<boolean> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    .innerJoin(orderLines, eq(orderLines.orderId, orders.id))
    .where(and(eq(orders.userId, userId), eq(orderLines.productId, productId), inArray(orders.status, [...RECEIVED])))
    .limit(1);
  return rows.length > 0;
}
