import { type Database, orderLines, orders } from '@shop/db';
import { customisationClosedCode } from '@shop/domain/customisation';
import { and, asc, eq } from 'drizzle-orm';
import { fieldRefusal, Refusal } from '../lib/refusal.ts';

type Reader = Pick<Database, 'select'>;
export type LineRow = typeof orderLines.$inferSelect;
export type OpenLine = LineRow & { customization: NonNullable<LineRow['customization']> };

export interface LineQuery {
  orderId: string;
  productId: string;
  lineId?: string;
}

/**
 * The caller's order line that details are sent for, still open: 404 when the order is not the caller's (exactly as
 * when it does not exist) or the product is not in it, 400 when the line is not personalised, 409 once the order has
 * gone into production (or was cancelled). With `lock`, the order row is locked for the caller's transaction, so a
 * status change or a second submit waits until this one commits.
 */
export async function findOpenLine(db: Reader, userId: string, query: LineQuery, lock: boolean): Promise<{ line: OpenLine; status: string }> {
  const select = db
    .select({ status: orders.status })
    .from(orders)
    .where(and(eq(orders.id, query.orderId), eq(orders.userId, userId)));
  const [order] = lock ? await select.for('update') : await select;
  if (!order) throw fieldRefusal('orderId', 'customisation_order_not_found');

  const lines = await db
    .select()
    .from(orderLines)
    .where(and(eq(orderLines.orderId, query.orderId), eq(orderLines.productId, query.productId)))
    .orderBy(asc(orderLines.position));
  const matching = query.lineId ? lines.filter((line) => line.id === query.lineId) : lines;
  const [line] = matching;
  if (!line) throw fieldRefusal(query.lineId ? 'lineId' : 'productId', 'product_not_in_order');
  if (matching.length > 1) throw fieldRefusal('lineId', 'line_id_needed');
  if (!line.customization) throw fieldRefusal('productId', 'not_customisable');

  const closed = customisationClosedCode(order.status);
  if (closed) throw new Refusal(closed);
  return { line: line as OpenLine, status: order.status };
}
