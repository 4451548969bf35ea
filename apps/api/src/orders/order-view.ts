import { type Database, orderLines, orders, orderStatusHistory } from '@shop/db';
import type { Order, OrderTracking } from '@shop/domain/order';
import { customerCanCancel } from '@shop/domain/order-status';
import { customisationOpen } from '@shop/domain/customisation';
import { and, asc, count, desc, eq, inArray } from 'drizzle-orm';

/** Orders as the API answers them: the order row, its lines (in order) and its status history (oldest first). */

type OrderRow = typeof orders.$inferSelect;
type LineRow = typeof orderLines.$inferSelect;
type HistoryRow = typeof orderStatusHistory.$inferSelect;
type Reader = Pick<Database, 'select'>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Something that is not a uuid cannot be an order id: not found, without asking the database. */
export const isOrderId = (id: string) => UUID.test(id);

function history(rows: HistoryRow[]) {
  return rows.map((row) => ({ status: row.status, at: row.at.toISOString(), actor: row.actor, note: row.note }));
}

export function toOrder(row: OrderRow, lines: LineRow[], changes: HistoryRow[]): Order {
  return {
    _id: row.id,
    number: row.number,
    status: row.status,
    statusHistory: history(changes),
    items: lines.map((line) => ({
      id: line.id,
      productId: line.productId,
      variantId: line.variantId,
      name: line.name,
      slug: line.slug,
      image: line.image ?? null,
      attributes: line.attributes,
      sku: line.sku,
      price: line.price,
      mrp: line.mrp,
      quantity: line.quantity,
      itemTotal: line.price * line.quantity,
      itemMrp: line.mrp * line.quantity,
      cod: line.cod,
      product_customization: line.customization ?? null,
      customisation: line.customization ? { units: null, sentAt: null, locked: !customisationOpen(row.status) } : null,
    })),
    totalItems: row.totalItems,
    total: row.total,
    totalMrp: row.totalMrp,
    discount: row.discount,
    shipping: row.shipping,
    grandTotal: row.grandTotal,
    paymentMethod: row.paymentMethod,
    couponCode: row.couponCode,
    address: row.address,
    tracking: row.tracking ?? null,
    canCancel: customerCanCancel(row.status),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Lines and history of several orders in two queries, then assembled in the rows' order. */
async function assemble(db: Reader, rows: OrderRow[]): Promise<Order[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const lines = await db.select().from(orderLines).where(inArray(orderLines.orderId, ids)).orderBy(asc(orderLines.orderId), asc(orderLines.position));
  const changes = await db
    .select()
    .from(orderStatusHistory)
    .where(inArray(orderStatusHistory.orderId, ids))
    .orderBy(asc(orderStatusHistory.orderId), asc(orderStatusHistory.at), asc(orderStatusHistory.id));
  const group = <T extends { orderId: string }>(items: T[]) => {
    const byOrder = new Map<string, T[]>();
    for (const item of items) byOrder.set(item.orderId, [...(byOrder.get(item.orderId) ?? []), item]);
    return byOrder;
  };
  const linesByOrder = group(lines);
  const changesByOrder = group(changes);
  return rows.map((row) => toOrder(row, linesByOrder.get(row.id) ?? [], changesByOrder.get(row.id) ?? []));
}

/** One order; with `userId`, only if it is that user's (another user's order is simply not found). */
export async function findOrder(db: Reader, id: string, userId?: string): Promise<Order | null> {
  if (!isOrderId(id)) return null;
  const where = userId ? and(eq(orders.id, id), eq(orders.userId, userId)) : eq(orders.id, id);
  const rows = await db.select().from(orders).where(where).limit(1);
  return (await assemble(db, rows))[0] ?? null;
}

export async function countOrders(db: Reader, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(orders).where(eq(orders.userId, userId));
  return row?.n ?? 0;
}

/** A page of a user's orders, newest first (the index orders_user_created_idx serves both the page and the count). */
export async function listOrders(db: Reader, userId: string, page: number, limit: number) {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset((page - 1) * limit);
  const [data, total] = await Promise.all([assemble(db, rows), countOrders(db, userId)]);
  return { data, total, page, limit, hasMore: page * limit < total };
}

/**
 * Public tracking: the order with this number whose delivery mobile is `mobile` (10 digits), or null. A wrong
 * number and a wrong mobile look the same to the caller.
 */
export async function trackOrder(db: Reader, number: string, mobile: string): Promise<OrderTracking | null> {
  const [row] = await db.select().from(orders).where(eq(orders.number, number)).limit(1);
  if (!row || row.address.mobile !== mobile) return null;
  const changes = await db
    .select()
    .from(orderStatusHistory)
    .where(eq(orderStatusHistory.orderId, row.id))
    .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id));
  return {
    number: row.number,
    status: row.status,
    statusHistory: history(changes),
    tracking: row.tracking ?? null,
    totalItems: row.totalItems,
    createdAt: row.createdAt.toISOString(),
  };
}
