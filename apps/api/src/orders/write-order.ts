import { orderLines, orders, orderStatusHistory } from '@shop/db';
import { sql } from 'drizzle-orm';
import type { Tx } from './coupons.ts';

/**
 * Writes a new order, its lines and its first status in ONE statement (three inserts joined by WITH), inside the
 * order's transaction. Placing an order is the shop's busiest write and each round trip to the database costs more
 * than the insert itself, so ids and times are made here rather than read back; the caller builds the answer from
 * the same values. (The foreign keys from lines and history to the order are checked at the end of the statement,
 * when the order row exists.)
 */

export type OrderRow = typeof orders.$inferSelect;
export type OrderLineRow = typeof orderLines.$inferSelect;
export type StatusRow = typeof orderStatusHistory.$inferSelect;

const json = (value: unknown) => (value === null || value === undefined ? null : JSON.stringify(value));

export async function insertOrder(tx: Tx, order: OrderRow, lines: OrderLineRow[], first: StatusRow): Promise<void> {
  const lineValues = sql.join(
    lines.map(
      (line) =>
        sql`(${line.id}::uuid, ${order.id}::uuid, ${line.position}, ${line.productId}::uuid, ${line.variantId}::uuid, ${line.name}, ${line.slug},
          ${json(line.image)}::jsonb, ${json(line.attributes)}::jsonb, ${line.sku}, ${line.price}, ${line.mrp}, ${line.quantity}, ${line.cod},
          ${json(line.customization)}::jsonb)`,
    ),
    sql`, `,
  );
  await tx.execute(sql`
    with new_order as (
      insert into ${orders} (id, created_at, updated_at, number, user_id, status, payment_method, coupon_id, coupon_code,
        total, total_mrp, discount, shipping, grand_total, total_items, address, tracking)
      values (${order.id}::uuid, ${order.createdAt.toISOString()}::timestamptz, ${order.updatedAt.toISOString()}::timestamptz, ${order.number},
        ${order.userId}::uuid, ${order.status}, ${order.paymentMethod}, ${order.couponId}::uuid, ${order.couponCode},
        ${order.total}, ${order.totalMrp}, ${order.discount}, ${order.shipping}, ${order.grandTotal}, ${order.totalItems},
        ${json(order.address)}::jsonb, ${json(order.tracking)}::jsonb)
    ), new_lines as (
      insert into ${orderLines} (id, order_id, position, product_id, variant_id, name, slug, image, attributes, sku, price, mrp,
        quantity, cod, customization)
      values ${lineValues}
    )
    insert into ${orderStatusHistory} (id, order_id, status, actor, actor_user_id, note, at)
    values (${first.id}::uuid, ${order.id}::uuid, ${first.status}, ${first.actor}, ${first.actorUserId}::uuid, ${first.note},
      ${first.at.toISOString()}::timestamptz)`);
}
