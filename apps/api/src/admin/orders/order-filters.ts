import { orderLineCustomisations, orderLines, orders, user } from '@shop/db';
import { type AdminOrderListFilters, kolkataDayStart, nextDay, parseOrderSearch } from '@shop/domain/admin/orders';
import { and, eq, gte, lt, type SQL, sql } from 'drizzle-orm';

/**
 * The WHERE parts of the back office's order list, shared by the page query and the per-status counts (which use
 * every filter except the status). The queries join `users` (for search by the account's phone or email).
 */

/**
 * True when the order has a personalised line whose details have not been sent. A correlated NOT EXISTS over the
 * order's lines (order_lines_order_idx) and the details' primary key: a few index probes per order.
 */
export const missingCustomisation = sql<boolean>`exists (
  select 1 from ${orderLines}
  where ${orderLines.orderId} = ${orders.id}
    and ${orderLines.customization} is not null
    and not exists (select 1 from ${orderLineCustomisations} where ${orderLineCustomisations.lineId} = ${orderLines.id})
)`;

export function orderConditions(filters: Omit<AdminOrderListFilters, 'page' | 'limit'>, withStatus: boolean): SQL[] {
  const where: SQL[] = [];
  if (withStatus && filters.status) where.push(eq(orders.status, filters.status));
  // Dates are the shop's days (Asia/Kolkata): from midnight of `from` to midnight after `to`.
  if (filters.from) where.push(gte(orders.createdAt, kolkataDayStart(filters.from)));
  if (filters.to) where.push(lt(orders.createdAt, kolkataDayStart(nextDay(filters.to))));
  if (filters.payment) where.push(eq(orders.paymentMethod, filters.payment));
  if (filters.missing) where.push(missingCustomisation);
  const search = filters.q ? parseOrderSearch(filters.q) : null;
  if (search?.kind === 'email') where.push(eq(sql`lower(${user.email})`, search.value));
  if (search?.kind === 'phone') {
    // The delivery mobile of the order, or the phone the customer signs in with (+91 and 10 digits).
    where.push(sql`(${orders.address}->>'mobile' = ${search.value} or ${user.phoneNumber} = ${`+91${search.value}`})`);
  }
  if (search?.kind === 'number') {
    // A whole number is one index probe (orders_number_idx); a start of one ("KG-261123") matches all that begin so.
    const whole = /^KG-\d{6}-[0-9A-Z]{6}$/.test(search.value);
    where.push(whole ? eq(orders.number, search.value) : sql`${orders.number} like ${`${search.value.replace(/[\\%_]/g, '\\$&')}%`}`);
  }
  return where;
}

export const allOf = (where: SQL[]) => (where.length ? and(...where) : undefined);
