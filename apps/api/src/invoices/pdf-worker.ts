import type { InvoiceRow } from './issue-invoice.ts';
import { type PdfReference, renderInvoicePdf } from './render-pdf.ts';

/**
 * The invoice PDF renderer's worker thread (pdf-pool.ts, decision 132): Piscina runs this module's default export with
 * the document row, structured-cloned (its dates stay dates). The fonts are parsed once per thread (pdf-fonts.ts).
 * Loaded by the parent's TypeScript loader (tsx, which a worker inherits with the parent's execArgv) or by Node's own
 * type stripping (Node 22.18 and later), so it uses only syntax both erase.
 */
export default async function renderInWorker(task: { document: InvoiceRow; reference: PdfReference | null }): Promise<Uint8Array> {
  return renderInvoicePdf(task.document, task.reference);
}
