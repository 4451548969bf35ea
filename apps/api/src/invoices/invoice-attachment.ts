import { type Database, orders } from '@shop/db';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { AttachmentPending, type AttachmentProvider } from '../messages/attachments.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { invoicePdfFor } from './invoice-files.ts';
import type { PdfRenderer } from './pdf-pool.ts';

/** A due invoice older than this is stuck (the issuer keeps failing on it): the mail counts its tries again. */
const WAIT_AT_MOST = '15 minutes';

/**
 * The GST invoice on the "shipped" mail (issue 21): the order's stored PDF, loaded when the mail is sent. A cash-on-
 * delivery order shipped by its carrier is invoiced by the batch issuer just after the commit that shipped it
 * (decision 109): while its invoice is due, the mail waits for it (AttachmentPending: tried again in a second, no
 * attempt counted; the issuer also wakes the outbox when it has issued). A due invoice older than 15 minutes makes the
 * mail retry with back-off like any failure. An order without an invoice and none due (the shop has no tax identity
 * yet) gets the mail without one.
 */
export function invoiceAttachment(db: Database, store: ObjectStore, renderer: PdfRenderer): AttachmentProvider {
  return {
    kind: 'invoice',
    events: ['order-shipped'],
    async load(orderId) {
      const attach = async () => {
        const pdf = await invoicePdfFor(db, store, orderId, renderer);
        return pdf ? { filename: pdf.fileName, contentType: 'application/pdf', content: pdf.body } : null;
      };
      const first = await attach();
      if (first) return first;
      const [due] = await db
        .select({ recent: sql<boolean>`${orders.invoiceDueAt} > now() - ${WAIT_AT_MOST}::interval` })
        .from(orders)
        .where(and(eq(orders.id, orderId), isNotNull(orders.invoiceDueAt)));
      if (due?.recent) throw new AttachmentPending(`the invoice of order ${orderId} is due and not issued yet`);
      if (due) throw new Error(`the invoice of order ${orderId} has been due for more than ${WAIT_AT_MOST}`);
      // Not due: never invoiced (no tax identity), or the issuer committed the invoice and cleared the marker between
      // the two reads above. Read once more, so that such a mail still carries its invoice (CI saw one sent without).
      return attach();
    },
  };
}
