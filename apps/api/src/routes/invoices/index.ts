import { invoiceDocumentsSchema, gstReportSummarySchema } from '@shop/domain/gst/api';
import { reportMonthSchema } from '@shop/domain/gst/report';
import { taxIdentityInputSchema, taxIdentityViewSchema } from '@shop/domain/gst/tax-identity';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import type { RequestUser } from '../../auth/request-user.ts';
import { GST_REPORT_SECTIONS, gstReport, gstReportCsv } from '../../invoices/gst-report.ts';
import { type DocumentPdf, orderDocumentPdf } from '../../invoices/invoice-files.ts';
import { listOrderDocuments, orderVisible } from '../../invoices/order-documents.ts';
import { loadTaxIdentity, saveTaxIdentity } from '../../invoices/tax-identity.ts';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { Refusal } from '../../lib/refusal.ts';
import { caller } from '../../orders/deps.ts';
import { isOrderId } from '../../orders/order-view.ts';

/**
 * GST invoices (issue 21): an order's invoice and credit notes for its customer (only their own: another user's order
 * is 404 `order_not_found`) and for staff, each as the PDF stored once; the shop's tax identity (admins); the monthly
 * GST report and its GSTR-1 CSV (staff).
 */

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema };
const adminErrors = { ...errors, 403: errorResponseSchema };
const orderParams = z.object({ id: z.string().max(100) });
const documentParams = z.object({ id: z.string().max(100), documentId: z.string().max(100) });
const monthQuery = z.object({ month: reportMonthSchema });

function sendPdf(reply: FastifyReply, pdf: DocumentPdf) {
  return (
    reply
      .header('content-type', 'application/pdf')
      .header('content-disposition', `attachment; filename="${pdf.fileName}"`)
      .header('x-content-type-options', 'nosniff')
      // A stored file, sent as it is (no serializer runs on a Buffer); the schema lists only the errors.
      .send(pdf.body)
  );
}

// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const invoicesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    noStore(reply);
  });

  const pdfOf = async (orderId: string, documentId: string) => {
    const pdf = isOrderId(documentId)
      ? await orderDocumentPdf(app.db, app.objectStore, orderId.toLowerCase(), documentId.toLowerCase(), app.invoices.pdf)
      : null;
    if (!pdf) throw new Refusal('invoice_not_found');
    return pdf;
  };

  app.get(
    '/api/user/order/:id/invoices',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        summary: "My order's GST invoice and credit notes (empty until the invoice is issued: on payment, or on shipping for cash on delivery)",
        params: orderParams,
        response: { 200: invoiceDocumentsSchema, ...errors },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await orderVisible(app.db, id, caller(request).id))) throw new Refusal('order_not_found');
      return { documents: await listOrderDocuments(app.db, id, `/api/user/order/${id.toLowerCase()}/invoices`) };
    },
  );

  app.get(
    '/api/user/order/:id/invoices/:documentId/pdf',
    {
      onRequest: app.requireUser,
      schema: { tags: ['orders'], summary: "One of my order's invoice or credit note, as its PDF", params: documentParams, response: errors },
    },
    async (request, reply) => {
      const { id, documentId } = request.params;
      if (!(await orderVisible(app.db, id, caller(request).id))) throw new Refusal('order_not_found');
      return sendPdf(reply, await pdfOf(id, documentId));
    },
  );

  app.get(
    '/api/admin/orders/:id/invoices',
    {
      config: { adminRole: 'staff' },
      schema: {
        tags: ['admin'],
        summary: "An order's GST invoice and credit notes (staff, admin)",
        params: orderParams,
        response: { 200: invoiceDocumentsSchema, ...adminErrors },
      },
    },
    async (request) => {
      const { id } = request.params;
      if (!(await orderVisible(app.db, id))) throw new Refusal('admin_order_not_found');
      return { documents: await listOrderDocuments(app.db, id, `/api/admin/orders/${id.toLowerCase()}/invoices`) };
    },
  );

  app.get(
    '/api/admin/orders/:id/invoices/:documentId/pdf',
    {
      config: { adminRole: 'staff' },
      schema: { tags: ['admin'], summary: "An order's invoice or credit note as its PDF (staff, admin)", params: documentParams, response: adminErrors },
    },
    async (request, reply) => {
      const { id, documentId } = request.params;
      if (!(await orderVisible(app.db, id))) throw new Refusal('admin_order_not_found');
      return sendPdf(reply, await pdfOf(id, documentId));
    },
  );

  app.get(
    '/api/admin/settings/tax',
    {
      config: { adminRole: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "The shop's GST registration for its invoices (admin); null until saved",
        response: { 200: taxIdentityViewSchema, ...adminErrors },
      },
    },
    async () => ({ taxIdentity: await loadTaxIdentity(app.db) }),
  );

  app.put(
    '/api/admin/settings/tax',
    {
      config: { adminRole: 'admin' },
      bodyLimit: 8 * 1024,
      schema: {
        tags: ['admin'],
        summary: "Save the shop's GST registration (admin): legal name, GSTIN, registered address and state, invoice prefix, signatory",
        description:
          "The GSTIN is checked (15 characters, state code, PAN, check character: `tax_gstin_invalid`) and must start with the registered state's code (`tax_gstin_state_mismatch`). Invoices issued later use the new values; issued ones never change.",
        body: taxIdentityInputSchema,
        response: { 200: taxIdentityViewSchema, ...adminErrors },
      },
    },
    async (request) => ({ taxIdentity: await saveTaxIdentity(app.db, request.user as RequestUser, request.body) }),
  );

  app.get(
    '/api/admin/gst-report',
    {
      config: { adminRole: 'staff' },
      schema: {
        tags: ['admin'],
        summary: "A month's invoices and credit notes totalled by GST rate, and the series used (staff, admin)",
        querystring: monthQuery,
        response: { 200: gstReportSummarySchema, ...adminErrors },
      },
    },
    async (request) => {
      const report = await gstReport(app.db, request.query.month);
      return { month: report.month, invoices: report.invoices, creditNotes: report.creditNotes, net: report.net, docs: report.docs };
    },
  );

  app.get(
    '/api/admin/gst-report/export',
    {
      config: { adminRole: 'staff' },
      schema: {
        tags: ['admin'],
        summary: "A month's GSTR-1 data as CSV: B2C small, B2C large, HSN summary, documents, and the register (staff, admin)",
        description: 'Amounts in rupees, column names as in the GSTR-1 offline tool. `section` gives one section alone (the file the tool imports).',
        querystring: monthQuery.extend({ section: z.enum(GST_REPORT_SECTIONS).optional() }),
        response: adminErrors,
      },
    },
    async (request, reply) => {
      const { month, section } = request.query;
      const csv = await gstReportCsv(app.db, month, section);
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="gstr1-${month}${section ? `-${section}` : ''}.csv"`)
        .send(csv as never);
    },
  );
};
