import { type Database, orders } from '@shop/db';
import type { InvoiceDocument } from '@shop/domain/gst/api';
import { and, eq } from 'drizzle-orm';
import { isOrderId } from '../orders/order-view.ts';
import { documentsOfOrder } from './invoice-files.ts';
import type { InvoiceRow } from './issue-invoice.ts';

/** An order's invoice and credit notes as the API lists them, for its customer or for staff (issue 21). */

export function documentView(row: InvoiceRow, pdfBase: string): InvoiceDocument {
  return {
    _id: row.id,
    kind: row.kind,
    number: row.number,
    issuedAt: row.issuedAt.toISOString(),
    reason: row.reason,
    amount: row.amount,
    taxable: row.taxable,
    cgst: row.cgst,
    sgst: row.sgst,
    igst: row.igst,
    pdfUrl: `${pdfBase}/${row.id}/pdf`,
  };
}

/** Whether the order exists (and, with `ownerId`, is that customer's): another user's order is "not found". */
export async function orderVisible(db: Database, orderId: string, ownerId?: string): Promise<boolean> {
  if (!isOrderId(orderId)) return false;
  const id = orderId.toLowerCase();
  const [row] = await db
    .select({ id: orders.id })
    .from(orders)
    .where(ownerId ? and(eq(orders.id, id), eq(orders.userId, ownerId)) : eq(orders.id, id));
  return Boolean(row);
}

export async function listOrderDocuments(db: Database, orderId: string, pdfBase: string): Promise<InvoiceDocument[]> {
  return (await documentsOfOrder(db, orderId.toLowerCase())).map((row) => documentView(row, pdfBase));
}
