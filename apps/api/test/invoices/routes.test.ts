import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { financialYearOf } from '@shop/domain/gst/numbering';
import { engines, expectRefusal, type TestContext } from '../helpers.ts';
import { call, customer } from '../orders/order-helpers.ts';
import { openPaymentShop, paidOrder, type Shopper, staffMember } from '../payments/payment-fixture.ts';
import { setTaxIdentity, shopTaxIdentity, taxedProduct } from './invoice-helpers.ts';
import { pdfText } from './pdf-text.ts';

/**
 * The invoice routes (issue 21): a customer lists and downloads their own order's invoice (nobody else's), staff
 * from the back office, an admin saves the shop's tax identity (validated), staff read the month's GST report and CSV.
 */

describe.each(engines)('invoice routes (%s)', (engine) => {
  let ctx: TestContext;
  let app: FastifyInstance;
  let asha: Shopper;
  let ravi: Shopper;
  let staff: Shopper;
  let admin: Shopper;
  let paid: { _id: string; number: string };

  const put = (who: { cookie: string }, url: string, body: unknown) =>
    app.inject({
      method: 'PUT',
      url,
      headers: { cookie: who.cookie, 'content-type': 'application/json', origin: 'http://localhost:3000' },
      payload: JSON.stringify(body),
    });

  beforeAll(async () => {
    ({ ctx, app, asha } = await openPaymentShop(engine));
    [ravi, staff, admin] = [await customer(ctx), await staffMember(ctx, 'staff'), await staffMember(ctx, 'admin')];
    await setTaxIdentity(ctx);
    const lamp = await taxedProduct(ctx, { price: 118_000, gstRate: 1800, hsnCode: '9405' });
    paid = await paidOrder(ctx, asha, lamp.id);
    // Decision 109: the invoice is issued by the batch issuer just after the paying webhook's commit.
    await app.invoices.issuer.drain();
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it("lets the customer list and download their order's invoice, and nobody else", async () => {
    const listed = await call(app, 'GET', `/api/user/order/${paid._id}/invoices`, asha);
    expect(listed.statusCode, listed.body).toBe(200);
    const [invoice] = listed.json().documents;
    expect(invoice).toMatchObject({ kind: 'invoice', amount: 118_000, igst: 18_000, pdfUrl: `/api/user/order/${paid._id}/invoices/${invoice._id}/pdf` });
    const pdf = await call(app, 'GET', invoice.pdfUrl, asha);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe(`attachment; filename="${invoice.number.replace(/\//g, '-')}.pdf"`);
    expect((await pdfText(pdf.rawPayload)).join('\n')).toContain(invoice.number);

    expectRefusal(await call(app, 'GET', `/api/user/order/${paid._id}/invoices`, ravi), 404, 'order_not_found');
    expectRefusal(await call(app, 'GET', invoice.pdfUrl, ravi), 404, 'order_not_found');
    expect((await call(app, 'GET', invoice.pdfUrl)).statusCode).toBe(401);
    expectRefusal(await call(app, 'GET', `/api/user/order/${paid._id}/invoices/${paid._id}/pdf`, asha), 404, 'invoice_not_found');
    expectRefusal(await call(app, 'GET', `/api/user/order/${paid._id}/invoices/nope/pdf`, asha), 404, 'invoice_not_found');
    expectRefusal(await call(app, 'GET', `/api/user/order/not-an-id/invoices`, asha), 404, 'order_not_found');
  });

  it('lets staff list and download it from the back office; a customer may not', async () => {
    const listed = await call(app, 'GET', `/api/admin/orders/${paid._id}/invoices`, staff);
    expect(listed.statusCode).toBe(200);
    const [invoice] = listed.json().documents;
    const pdf = await call(app, 'GET', invoice.pdfUrl, staff);
    expect(pdf.statusCode).toBe(200);
    // The same stored file the customer downloaded.
    const mine = await call(app, 'GET', `/api/user/order/${paid._id}/invoices/${invoice._id}/pdf`, asha);
    expect(pdf.rawPayload.equals(mine.rawPayload)).toBe(true);
    expect((await call(app, 'GET', `/api/admin/orders/${paid._id}/invoices`, asha)).statusCode).toBe(403);
  });

  it("lets an admin save the shop's tax identity, validated field by field", async () => {
    expect((await call(app, 'GET', '/api/admin/settings/tax', staff)).statusCode).toBe(403);
    expect((await call(app, 'GET', '/api/admin/settings/tax', admin)).json()).toEqual({ taxIdentity: shopTaxIdentity });
    expectRefusal(
      await put(admin, '/api/admin/settings/tax', { ...shopTaxIdentity, gstin: '27AAPFU0939F1ZW', invoicePrefix: 'TOO-LONG' }),
      400,
      'validation_failed',
      {
        gstin: 'tax_gstin_invalid',
        invoicePrefix: 'tax_invoice_prefix_invalid',
      },
    );
    expectRefusal(await put(admin, '/api/admin/settings/tax', { ...shopTaxIdentity, state: 'Karnataka' }), 400, 'validation_failed', {
      gstin: 'tax_gstin_state_mismatch',
    });
    const saved = await put(admin, '/api/admin/settings/tax', { ...shopTaxIdentity, invoicePrefix: 'kgx', chargeRate: 1800 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().taxIdentity).toMatchObject({ invoicePrefix: 'KGX', chargeRate: 1800 });
    await setTaxIdentity(ctx);
  });

  it("gives staff the month's totals by rate and the GSTR-1 CSV", async () => {
    const month = new Intl.DateTimeFormat('en-CA', { year: 'numeric', month: '2-digit', timeZone: 'Asia/Kolkata' }).format(new Date());
    const summary = await call(app, 'GET', `/api/admin/gst-report?month=${month}`, staff);
    expect(summary.statusCode, summary.body).toBe(200);
    expect(summary.json().invoices.byRate).toEqual([{ rate: 1800, amount: 118_000, taxable: 100_000, cgst: 0, sgst: 0, igst: 18_000 }]);
    const fy = financialYearOf(new Date()).short;
    expect(summary.json().docs).toEqual([{ nature: 'Invoices for outward supply', from: `KG/${fy}/00001`, to: `KG/${fy}/00001`, total: 1, cancelled: 0 }]);

    const csv = await call(app, 'GET', `/api/admin/gst-report/export?month=${month}`, staff);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.body).toContain(
      '# b2cs\nType,Place Of Supply,Rate,Applicable % of Tax Rate,Taxable Value,Cess Amount,E-Commerce GSTIN\nOE,29-Karnataka,18,,1000.00,0.00,\n',
    );
    expect(csv.body).toContain('9405,');
    expect(csv.body).toContain(`Invoices for outward supply,KG/${fy}/00001,KG/${fy}/00001,1,0`);
    const hsn = await call(app, 'GET', `/api/admin/gst-report/export?month=${month}&section=hsn`, staff);
    expect(hsn.body.replace(/^\uFEFF/, '').split('\n')[0]).toBe(
      'HSN,Description,UQC,Total Quantity,Total Value,Rate,Taxable Value,Integrated Tax Amount,Central Tax Amount,State/UT Tax Amount,Cess Amount',
    );
    expectRefusal(await call(app, 'GET', '/api/admin/gst-report?month=2026-13', staff), 400, 'validation_failed', { month: 'gst_report_month_invalid' });
    expect((await call(app, 'GET', `/api/admin/gst-report?month=${month}`, asha)).statusCode).toBe(403);
  });
});
