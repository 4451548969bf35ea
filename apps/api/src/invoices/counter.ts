import { invoiceCounters } from '@shop/db';
import type { DocumentSeries } from '@shop/domain/gst/numbering';
import { sql } from 'drizzle-orm';
import type { Tx } from '../orders/coupons.ts';

/**
 * The next number of a series in a financial year (decision 070): one upsert that creates the year's counter row at 1
 * or adds one to it, and returns the new value. The row stays locked until the caller's transaction ends, so documents
 * of the same series are numbered one after another; a transaction that rolls back takes its increment with it, so
 * the series has no gaps (a PostgreSQL sequence would skip the numbers of rolled-back transactions).
 */
export async function nextSequence(tx: Tx, series: DocumentSeries, financialYear: string): Promise<number> {
  const [row] = await tx
    .insert(invoiceCounters)
    .values({ series, financialYear, lastNumber: 1 })
    .onConflictDoUpdate({ target: [invoiceCounters.series, invoiceCounters.financialYear], set: { lastNumber: sql`${invoiceCounters.lastNumber} + 1` } })
    .returning({ lastNumber: invoiceCounters.lastNumber });
  if (!row) throw new Error('invoice counter upsert returned no row');
  return row.lastNumber;
}
