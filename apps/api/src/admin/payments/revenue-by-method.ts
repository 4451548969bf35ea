import { type Database, orders } from '@shop/db';
import { kolkataDayStart, nextDay } from '@shop/domain/admin/orders';
import type { RevenueByMethod } from '@shop/domain/admin/payments';
import { CASH_ON_DELIVERY } from '@shop/domain/payment';
import { and, gte, lt, ne, sql } from 'drizzle-orm';

type Reader = Pick<Database, 'select'>;

/**
 * The dashboard's revenue by how customers pay, for its day (orders placed that Kolkata day): cash on delivery is
 * what its orders not cancelled are worth (collected at the door later); online is what the provider captured, less
 * what was refunded, so a refunded order counts nothing and a cancelled paid order only until its refund lands.
 */
export async function revenueByMethod(db: Reader, day: string): Promise<RevenueByMethod> {
  const placedThatDay = and(gte(orders.createdAt, kolkataDayStart(day)), lt(orders.createdAt, kolkataDayStart(nextDay(day))));
  const [row] = await db
    .select({
      cashOnDelivery: sql<string>`coalesce(sum(${orders.grandTotal}) filter (where ${orders.paymentMethod} = ${CASH_ON_DELIVERY} and ${orders.status} <> 'cancelled'), 0)`,
      online: sql<string>`coalesce(sum(${orders.amountPaid} - ${orders.amountRefunded}) filter (where ${orders.paymentMethod} <> ${CASH_ON_DELIVERY} and ${orders.paymentStatus} in ('captured', 'partially_refunded', 'refunded')), 0)`,
    })
    .from(orders)
    .where(and(placedThatDay, ne(orders.paymentStatus, 'failed')));
  return { cashOnDelivery: Number(row?.cashOnDelivery ?? 0), online: Number(row?.online ?? 0) };
}
