import { Piscina } from 'piscina';
import type { InvoiceRow } from './issue-invoice.ts';
import { type PdfReference, renderInvoicePdf } from './render-pdf.ts';

/**
 * Where invoice and credit-note PDFs are drawn (decision 132). Drawing one is 5–10 ms of pdfkit and font shaping with
 * nothing to wait for, so in the API's own thread every request and webhook behind it waited that long; a day's
 * "shipped" mails, each with its invoice attached, stalled the event loop once per mail. A Piscina pool draws them on
 * worker threads instead; the API's thread only sends the row and receives the bytes.
 */
export interface PdfRenderer {
  render(document: InvoiceRow, reference: PdfReference | null): Promise<Buffer>;
  /** Waits for the PDFs in hand, then ends the threads. */
  close(): Promise<void>;
}

/** In the caller's thread: tests of the layout, scripts, and `PDF_THREADS=0`. */
export const inThreadRenderer: PdfRenderer = {
  render: renderInvoicePdf,
  close: () => Promise.resolve(),
};

/**
 * Up to `threads` worker threads, started on the first PDF and ended after five idle minutes: a shop that sends no
 * invoice for a while holds no thread and no parsed fonts (about 30 MB each), and a busy one does not pay the thread's
 * start and the fonts' parsing (tens of milliseconds) per PDF.
 */
export function pdfWorkerPool(threads: number): PdfRenderer {
  const pool = new Piscina<{ document: InvoiceRow; reference: PdfReference | null }, Uint8Array>({
    filename: new URL('./pdf-worker.ts', import.meta.url).href,
    minThreads: 0,
    maxThreads: threads,
    idleTimeout: 5 * 60_000,
  });
  // Piscina would start a thread again for a task after close(); a closed app's pool refuses instead.
  let closed = false;
  return {
    async render(document, reference) {
      if (closed) throw new Error('the PDF pool is closed (the app is shutting down)');
      const bytes = await pool.run({ document, reference });
      return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    },
    async close() {
      closed = true;
      await pool.close();
    },
  };
}

/** The renderer for `PDF_THREADS`: a pool of that many threads, or the caller's own thread for 0. */
export function pdfRenderer(threads: number): PdfRenderer {
  return threads > 0 ? pdfWorkerPool(threads) : inThreadRenderer;
}
