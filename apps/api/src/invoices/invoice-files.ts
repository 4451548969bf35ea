import { type Database, invoices } from '@shop/db';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { ObjectStore } from '../storage/object-store.ts';
import type { InvoiceRow } from './issue-invoice.ts';
import { inThreadRenderer, type PdfRenderer } from './pdf-pool.ts';

/**
 * An invoice's or credit note's PDF, stored once (issue 21, decision 071): the first time it is asked for it is
 * rendered from the document row and put in the object store (disk or S3, apps/api/src/storage), and the row keeps its
 * key; every later download, and the shipped e-mail's attachment, reads those same bytes. Rendering is deterministic
 * (the file's dates are the document's), so two first requests at once store identical files, and the conditional
 * update lets only one of them record the key.
 */

export interface DocumentPdf {
  number: string;
  kind: InvoiceRow['kind'];
  /** A file name for the download: KG-2627-00042.pdf. */
  fileName: string;
  body: Buffer;
}

const keyOf = (row: InvoiceRow) => `invoices/${row.financialYear}/${row.id}.pdf`;
export const pdfFileName = (number: string) => `${number.replace(/\//g, '-')}.pdf`;

/** Where a first download draws its file: the app's worker pool (app.invoices.pdf), or this thread (tests, scripts). */
export async function documentPdf(db: Database, store: ObjectStore, row: InvoiceRow, renderer: PdfRenderer = inThreadRenderer): Promise<DocumentPdf> {
  const answer = (body: Buffer): DocumentPdf => ({ number: row.number, kind: row.kind, fileName: pdfFileName(row.number), body });
  if (row.pdfKey) {
    const stored = await store.get(row.pdfKey);
    if (!stored) throw new Error(`stored PDF ${row.pdfKey} of ${row.number} is missing from ${store.description}`);
    return answer(stored.body);
  }
  const reference = row.invoiceId
    ? ((await db.select({ number: invoices.number, issuedAt: invoices.issuedAt }).from(invoices).where(eq(invoices.id, row.invoiceId)))[0] ?? null)
    : null;
  const body = await renderer.render(row, reference);
  const key = keyOf(row);
  await store.put(key, body, 'application/pdf');
  const [claimed] = await db
    .update(invoices)
    .set({ pdfKey: key })
    .where(and(eq(invoices.id, row.id), isNull(invoices.pdfKey)))
    .returning({ id: invoices.id });
  if (claimed) return answer(body);
  // Another request stored it first: answer what it stored.
  const [current] = await db.select().from(invoices).where(eq(invoices.id, row.id));
  return documentPdf(db, store, current!, renderer);
}

/** An order's documents, invoice first, then its credit notes in the order they were issued. */
export async function documentsOfOrder(db: Database, orderId: string): Promise<InvoiceRow[]> {
  const rows = await db.select().from(invoices).where(eq(invoices.orderId, orderId)).orderBy(asc(invoices.issuedAt), asc(invoices.sequence));
  return [...rows.filter((row) => row.kind === 'invoice'), ...rows.filter((row) => row.kind === 'credit_note')];
}

/**
 * The order's tax invoice PDF, or null when none was issued (yet). For the shipped e-mail (issue 21, messages): the
 * same stored file the customer downloads.
 */
export async function invoicePdfFor(db: Database, store: ObjectStore, orderId: string, renderer?: PdfRenderer): Promise<DocumentPdf | null> {
  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.kind, 'invoice')));
  return invoice ? documentPdf(db, store, invoice, renderer) : null;
}

/** One document of an order by its id (a credit note, say), or null. */
export async function orderDocumentPdf(
  db: Database,
  store: ObjectStore,
  orderId: string,
  documentId: string,
  renderer?: PdfRenderer,
): Promise<DocumentPdf | null> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.orderId, orderId), eq(invoices.id, documentId)));
  return row ? documentPdf(db, store, row, renderer) : null;
}
