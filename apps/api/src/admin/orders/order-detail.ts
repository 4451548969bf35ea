import { type Database, orders, orderStatusHistory, user } from '@shop/db';
import type { AdminOrderDetail } from '@shop/domain/admin/orders';
import { asc, eq } from 'drizzle-orm';
import { visibleEmail } from '../../auth/phone.ts';
import { findOrder } from '../../orders/order-view.ts';
import { adminCustomer } from './list-orders.ts';

type Reader = Pick<Database, 'select'>;

/**
 * One order as staff see it: the order as its customer sees it (lines with their snapshots and each unit's
 * personalisation, whose `original` URLs are the display-size photos staff may open), plus who the customer is and
 * who made each status change. Null when there is no such order.
 */
export async function adminOrderDetail(db: Reader, id: string): Promise<AdminOrderDetail | null> {
  const order = await findOrder(db, id);
  if (!order) return null;
  const [owner] = await db
    .select({ id: user.id, name: user.name, phone: user.phoneNumber, email: user.email })
    .from(orders)
    .leftJoin(user, eq(user.id, orders.userId))
    .where(eq(orders.id, order._id));
  const changes = await db
    .select({
      status: orderStatusHistory.status,
      at: orderStatusHistory.at,
      actor: orderStatusHistory.actor,
      note: orderStatusHistory.note,
      name: user.name,
      email: user.email,
    })
    .from(orderStatusHistory)
    .leftJoin(user, eq(user.id, orderStatusHistory.actorUserId))
    .where(eq(orderStatusHistory.orderId, order._id))
    .orderBy(asc(orderStatusHistory.at), asc(orderStatusHistory.id));
  return {
    order,
    customer: adminCustomer(owner ?? { id: null, name: null, phone: null, email: null }),
    history: changes.map((change) => ({
      status: change.status,
      at: change.at.toISOString(),
      actor: change.actor,
      actorName: change.name,
      actorEmail: visibleEmail(change.email),
      note: change.note,
    })),
    missingCustomisation: order.items.some((line) => line.customisation !== null && line.customisation.units === null),
  };
}
