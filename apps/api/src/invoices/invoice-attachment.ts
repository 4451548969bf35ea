import type { Database } from '@shop/db';
import type { AttachmentProvider } from '../messages/attachments.ts';
import type { ObjectStore } from '../storage/object-store.ts';
import { invoicePdfFor } from './invoice-files.ts';

/**
 * The GST invoice on the "shipped" mail (issue 21): the order's stored PDF, loaded when the mail is sent (a cash-on-
 * delivery order is invoiced in the same transaction that ships it, so its invoice exists by then). An order without
 * an invoice (the shop has no tax identity yet) gets the mail without one.
 */
export function invoiceAttachment(db: Database, store: ObjectStore): AttachmentProvider {
  return {
    kind: 'invoice',
    events: ['order-shipped'],
    async load(orderId) {
      const pdf = await invoicePdfFor(db, store, orderId);
      return pdf ? { filename: pdf.fileName, contentType: 'application/pdf', content: pdf.body } : null;
    },
  };
}
