import 'server-only';
import { type InvoiceDocument, invoiceDocumentsSchema } from '@shop/domain/gst/api';
import { ApiError, serverApi } from './client';

/**
 * An order's GST invoice and credit notes (issue 21) for its customer: an empty list until the invoice is issued
 * (on payment, or on shipping for cash on delivery). Another user's order answers 404, like the order itself.
 */
export async function getMyOrderInvoices(orderId: string): Promise<InvoiceDocument[]> {
  try {
    const answer = await serverApi('GET', `/api/user/order/${encodeURIComponent(orderId)}/invoices`, { session: 'visitor', schema: invoiceDocumentsSchema });
    return answer.documents;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return [];
    throw error;
  }
}
