import { z } from 'zod';

/** What the API answers about invoices and the GST report (issue 21). Paise; rates in basis points. */

export const invoiceDocumentSchema = z.object({
  _id: z.string(),
  kind: z.enum(['invoice', 'credit_note']),
  number: z.string(),
  issuedAt: z.string(),
  /** A credit note's reason: cancelled or refunded. */
  reason: z.string().nullable(),
  amount: z.number().int(),
  taxable: z.number().int(),
  cgst: z.number().int(),
  sgst: z.number().int(),
  igst: z.number().int(),
  /** Where to download its PDF (same origin). */
  pdfUrl: z.string(),
});
export type InvoiceDocument = z.infer<typeof invoiceDocumentSchema>;

export const invoiceDocumentsSchema = z.object({ documents: z.array(invoiceDocumentSchema) });

const splitSchema = z.object({ amount: z.number().int(), taxable: z.number().int(), cgst: z.number().int(), sgst: z.number().int(), igst: z.number().int() });
const rateTotalSchema = splitSchema.extend({ rate: z.number().int() });

export const gstReportSummarySchema = z.object({
  month: z.string(),
  invoices: z.object({ count: z.number().int(), byRate: z.array(rateTotalSchema), total: splitSchema }),
  creditNotes: z.object({ count: z.number().int(), byRate: z.array(rateTotalSchema), total: splitSchema }),
  net: z.object({ byRate: z.array(rateTotalSchema), total: splitSchema }),
  docs: z.array(z.object({ nature: z.string(), from: z.string(), to: z.string(), total: z.number().int(), cancelled: z.number().int() })),
});
export type GstReportSummary = z.infer<typeof gstReportSummarySchema>;
