import { type Database, orders, paymentFlagResolutions } from '@shop/db';
import type { AdminPaymentCsvFilters } from '@shop/domain/admin/payments';
import { and, desc, type SQL, sql } from 'drizzle-orm';
import { stringify } from 'csv-stringify/sync';
import { paymentConditions, paymentSummaryColumns, standingResolution, type SummaryRow, toSummary } from './list.ts';

const BATCH = 500;

export const paymentCsvColumns = [
  'order_number',
  'placed_at',
  'order_status',
  'method',
  'payment_status',
  'provider',
  'provider_order_id',
  'provider_payment_id',
  'grand_total',
  'amount_paid',
  'amount_refunded',
  'customer',
  'flag',
  'flag_resolved_at',
] as const;

/** Paise as rupees with two decimals (a spreadsheet sums them as numbers). */
const rupees = (paise: number) => (paise / 100).toFixed(2);

/**
 * The payments the list's filters match, as CSV, newest first, read in batches (keyset on placing time and id) so a
 * long history never sits in memory at once. A byte-order mark so spreadsheets read UTF-8 (names in Hindi); cells a
 * spreadsheet would run as a formula get a leading quote mark (csv-stringify's escape_formulas).
 */
export async function* exportPaymentsCsv(db: Database, filters: AdminPaymentCsvFilters): AsyncGenerator<string> {
  yield stringify([[...paymentCsvColumns]], { bom: true });
  let after: string | null = null;
  for (;;) {
    // The last row's own stored time (microseconds; a JS Date would round it to milliseconds and skip rows).
    const cursor: SQL | undefined = after
      ? sql`(${orders.createdAt}, ${orders.id}) < (select o.created_at, o.id from ${orders} o where o.id = ${after})`
      : undefined;
    const rows: SummaryRow[] = await db
      .select(paymentSummaryColumns)
      .from(orders)
      .leftJoin(paymentFlagResolutions, standingResolution)
      .where(and(...paymentConditions(filters), ...(cursor ? [cursor] : [])))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    const last = rows[rows.length - 1] as SummaryRow;
    after = last.orderId;
    const records = rows.map((row) => {
      const p = toSummary(row);
      return [
        p.number,
        p.createdAt,
        p.orderStatus,
        p.method,
        p.status,
        p.provider ?? '',
        p.providerOrderId ?? '',
        p.providerPaymentId ?? '',
        rupees(p.grandTotal),
        rupees(p.amountPaid),
        rupees(p.amountRefunded),
        p.customerName,
        p.flag?.code ?? '',
        p.flag?.resolvedAt ?? '',
      ];
    });
    yield stringify(records, { escape_formulas: true });
    if (rows.length < BATCH) return;
  }
}
