import 'server-only';
import { gstReportSummarySchema, type InvoiceDocument, invoiceDocumentsSchema, type GstReportSummary } from '@shop/domain/gst/api';
import { taxIdentityViewSchema } from '@shop/domain/gst/tax-identity';
import { adminApi } from '@lib/api/admin-fetch';

/** The back office's invoice reads (issue 21), through the one admin API client. */

export async function adminOrderInvoices(orderId: string): Promise<InvoiceDocument[]> {
  return (await adminApi('GET', `/api/admin/orders/${encodeURIComponent(orderId)}/invoices`, { schema: invoiceDocumentsSchema })).documents;
}

export async function adminTaxIdentity() {
  return (await adminApi('GET', '/api/admin/settings/tax', { schema: taxIdentityViewSchema })).taxIdentity;
}

export function adminGstReport(month: string): Promise<GstReportSummary> {
  return adminApi('GET', '/api/admin/gst-report', { query: { month }, schema: gstReportSummarySchema });
}
