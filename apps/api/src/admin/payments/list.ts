import { type Database, orders, paymentFlagResolutions } from '@shop/db';
import type { AdminPaymentCsvFilters, AdminPaymentListFilters, AdminPaymentSummary } from '@shop/domain/admin/payments';
import { kolkataDayStart, nextDay } from '@shop/domain/admin/orders';
import type { PaymentFlag } from '@shop/domain/payment';
import { and, count, desc, eq, gte, isNotNull, isNull, lt, type SQL, sql } from 'drizzle-orm';
import { orderRefunds } from '@shop/db';

type Reader = Pick<Database, 'select'>;

/** The WHERE of the payments list and its CSV: the same filters, so the download is exactly what the list shows. */
export function paymentConditions(filters: AdminPaymentCsvFilters): SQL[] {
  const where: SQL[] = [];
  if (filters.status) where.push(eq(orders.paymentStatus, filters.status));
  if (filters.method) where.push(eq(orders.paymentMethod, filters.method));
  if (filters.from) where.push(gte(orders.createdAt, kolkataDayStart(filters.from)));
  if (filters.to) where.push(lt(orders.createdAt, kolkataDayStart(nextDay(filters.to))));
  if (filters.flagged) where.push(isNotNull(orders.paymentFlag), isNull(paymentFlagResolutions.id));
  const q = filters.q?.trim();
  if (q) {
    // Provider ids are searched whole (they are what staff copy from Razorpay's dashboard); anything else is an order number's start.
    if (/^pay_/i.test(q)) where.push(eq(orders.providerPaymentId, q));
    else if (/^order_/i.test(q)) where.push(eq(orders.providerOrderId, q));
    else if (/^rfnd_/i.test(q))
      where.push(sql`exists (select 1 from ${orderRefunds} where ${orderRefunds.orderId} = ${orders.id} and ${orderRefunds.providerRefundId} = ${q})`);
    else where.push(sql`${orders.number} like ${`${q.toUpperCase().replace(/[\\%_]/g, '\\$&')}%`}`);
  }
  return where;
}

/**
 * The join of an order to the resolution of its flag that still stands (one at most: payment_flag_resolutions'
 * standing index). A resolution superseded by a later flag is history, not shown: the order is flagged again (decision 150).
 */
export const standingResolution = and(eq(paymentFlagResolutions.orderId, orders.id), isNull(paymentFlagResolutions.supersededAt));

export const paymentSummaryColumns = {
  orderId: orders.id,
  number: orders.number,
  createdAt: orders.createdAt,
  orderStatus: orders.status,
  method: orders.paymentMethod,
  status: orders.paymentStatus,
  provider: orders.paymentProvider,
  providerOrderId: orders.providerOrderId,
  providerPaymentId: orders.providerPaymentId,
  grandTotal: orders.grandTotal,
  amountPaid: orders.amountPaid,
  amountRefunded: orders.amountRefunded,
  customerName: sql<string>`${orders.address}->>'name'`,
  flag: orders.paymentFlag,
  resolvedAt: paymentFlagResolutions.resolvedAt,
  resolvedBy: paymentFlagResolutions.resolvedBy,
  note: paymentFlagResolutions.note,
};

export interface SummaryRow {
  orderId: string;
  number: string;
  createdAt: Date;
  orderStatus: string;
  method: AdminPaymentSummary['method'];
  status: AdminPaymentSummary['status'];
  provider: string | null;
  providerOrderId: string | null;
  providerPaymentId: string | null;
  grandTotal: number;
  amountPaid: number;
  amountRefunded: number;
  customerName: string | null;
  flag: string | null;
  resolvedAt: Date | null;
  resolvedBy: string | null;
  note: string | null;
}

export function toSummary(row: SummaryRow, resolverEmail: string | null = null): AdminPaymentSummary {
  return {
    orderId: row.orderId,
    number: row.number,
    createdAt: row.createdAt.toISOString(),
    orderStatus: row.orderStatus,
    method: row.method,
    status: row.status,
    provider: row.provider,
    providerOrderId: row.providerOrderId,
    providerPaymentId: row.providerPaymentId,
    grandTotal: row.grandTotal,
    amountPaid: row.amountPaid,
    amountRefunded: row.amountRefunded,
    customerName: row.customerName ?? '',
    flag: row.flag
      ? {
          code: row.flag as PaymentFlag,
          resolvedAt: row.resolvedAt ? row.resolvedAt.toISOString() : null,
          resolvedBy: row.resolvedAt ? (resolverEmail ?? row.resolvedBy) : null,
          note: row.note,
        }
      : null,
  };
}

/** One page of payments, newest order first, with the total under the filters. */
export async function listPayments(db: Reader, filters: AdminPaymentListFilters) {
  const where = and(...paymentConditions(filters));
  const [rows, [total]] = await Promise.all([
    db
      .select(paymentSummaryColumns)
      .from(orders)
      .leftJoin(paymentFlagResolutions, standingResolution)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(filters.limit)
      .offset((filters.page - 1) * filters.limit),
    db.select({ n: count() }).from(orders).leftJoin(paymentFlagResolutions, standingResolution).where(where),
  ]);
  const n = total?.n ?? 0;
  return { data: rows.map((row) => toSummary(row)), total: n, page: filters.page, limit: filters.limit, hasMore: filters.page * filters.limit < n };
}
