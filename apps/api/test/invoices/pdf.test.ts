import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { invoices } from '@shop/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { creditInvoice } from '../../src/invoices/credit-note.ts';
import { invoicePdfFor, orderDocumentPdf } from '../../src/invoices/invoice-files.ts';
import { issueInvoice } from '../../src/invoices/issue-invoice.ts';
import { pdfWorkerPool } from '../../src/invoices/pdf-pool.ts';
import { renderInvoicePdf } from '../../src/invoices/render-pdf.ts';
import { LocalDiskStore } from '../../src/storage/local-disk-store.ts';
import { authContext } from '../auth/auth-helpers.ts';
import { engines, type TestContext } from '../helpers.ts';
import { bareOrder, setTaxIdentity, shopTaxIdentity, taxedProduct } from './invoice-helpers.ts';
import { pdfText } from './pdf-text.ts';

/**
 * The invoice PDF (issue 21): its text, as a PDF reader extracts it, holds what a GST invoice must show; it is stored
 * once and later downloads read the same bytes even after the shop's settings change.
 */

describe.each(engines)('invoice PDFs (%s)', (engine) => {
  let ctx: TestContext;
  let store: LocalDiskStore;
  let dir: string;

  beforeAll(async () => {
    ctx = await authContext(engine);
    dir = mkdtempSync(join(tmpdir(), 'invoice-pdfs-'));
    store = new LocalDiskStore(dir);
    await setTaxIdentity(ctx);
  });
  afterAll(async () => {
    await ctx?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('shows the GSTIN, the number, each HSN code, the taxes, the total in words and the reverse charge line', async () => {
    const lamp = await taxedProduct(ctx, { price: 118_000, gstRate: 1800, hsnCode: '9405', name: 'Brass diya lamp' });
    const orderId = await bareOrder(ctx, lamp.id, 118_000, 1, 'Brass diya lamp');
    const invoice = (await issueInvoice(ctx.handle.db, orderId))!;
    const pdf = (await invoicePdfFor(ctx.handle.db, store, orderId))!;
    expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
    expect(pdf.fileName).toBe(`${invoice.number.replace(/\//g, '-')}.pdf`);
    const text = (await pdfText(pdf.body)).join('\n');
    for (const expected of [
      'TAX INVOICE',
      // The Hindi title, drawn with the Devanagari subset of the font.
      'कर बीजक',
      shopTaxIdentity.gstin,
      invoice.number,
      '9405',
      'Karnataka (29)',
      'Brass diya lamp',
      // ₹1,180 inter-state at 18 %: taxable 1,000.00, IGST 180.00.
      '1,000.00',
      '180.00',
      '18%',
      '₹1,180.00',
      'Rupees One Thousand One Hundred Eighty Only',
      'Whether tax is payable on reverse charge: No',
      'Asha Patil',
    ]) {
      expect(text, expected).toContain(expected);
    }
  });

  it('renders the same row to the same bytes, stores it once, and keeps it after the settings change', async () => {
    const ring = await taxedProduct(ctx, { price: 103_000, gstRate: 300, hsnCode: '7113' });
    const orderId = await bareOrder(ctx, ring.id, 103_000, 2);
    const invoice = (await issueInvoice(ctx.handle.db, orderId))!;
    expect((await renderInvoicePdf(invoice)).equals(await renderInvoicePdf(invoice))).toBe(true);
    const [first, second] = await Promise.all([invoicePdfFor(ctx.handle.db, store, orderId), invoicePdfFor(ctx.handle.db, store, orderId)]);
    expect(first!.body.equals(second!.body)).toBe(true);
    const [row] = await ctx.handle.db.select().from(invoices).where(eq(invoices.id, invoice.id));
    expect(row!.pdfKey).toBe(`invoices/${invoice.financialYear}/${invoice.id}.pdf`);
    await setTaxIdentity(ctx, { ...shopTaxIdentity, legalName: 'Renamed Shop LLP', signatureName: 'Someone Else' });
    try {
      const later = (await invoicePdfFor(ctx.handle.db, store, orderId))!;
      expect(later.body.equals(first!.body)).toBe(true);
      expect((await pdfText(later.body)).join('\n')).not.toContain('Renamed Shop LLP');
    } finally {
      await setTaxIdentity(ctx);
    }
  });

  it('writes a credit note that names its invoice, intra-state with CGST and SGST', async () => {
    await setTaxIdentity(ctx, { ...shopTaxIdentity, gstin: '29AAGCB7383J1Z4', state: 'Karnataka' });
    try {
      const frame = await taxedProduct(ctx, { price: 56_000, gstRate: 1200, hsnCode: '4414' });
      const orderId = await bareOrder(ctx, frame.id, 56_000, 3);
      const invoice = (await issueInvoice(ctx.handle.db, orderId))!;
      expect(invoice.supplyType).toBe('intra_state');
      const note = (await creditInvoice(ctx.handle.db, orderId, 'all', 'cancelled'))!;
      const text = (await pdfText((await orderDocumentPdf(ctx.handle.db, store, orderId, note.id))!.body)).join('\n');
      // ₹560 at 12 % within Karnataka: CGST = SGST = 56000 × 600 / 11200 = 3000 paise, taxable 500.00.
      for (const expected of ['CREDIT NOTE', note.number, invoice.number, '4414', 'CGST', 'SGST', '30.00', '500.00', 'Order cancelled']) {
        expect(text, expected).toContain(expected);
      }
    } finally {
      await setTaxIdentity(ctx);
    }
  });

  it('draws the same bytes on a worker thread as on this one, several at once, for invoices and credit notes (decision 132)', async () => {
    const lamp = await taxedProduct(ctx, { price: 236_000, gstRate: 1800, hsnCode: '9405', name: 'दीया लैंप' });
    const orderId = await bareOrder(ctx, lamp.id, 236_000, 1, 'दीया लैंप');
    const invoice = (await issueInvoice(ctx.handle.db, orderId))!;
    const note = (await creditInvoice(ctx.handle.db, orderId, 'all', 'cancelled'))!;
    const reference = { number: invoice.number, issuedAt: invoice.issuedAt };
    const pool = pdfWorkerPool(2);
    try {
      const drawn = await Promise.all([pool.render(invoice, null), pool.render(note, reference), pool.render(invoice, null)]);
      expect(drawn[0].equals(await renderInvoicePdf(invoice))).toBe(true);
      expect(drawn[1].equals(await renderInvoicePdf(note, reference))).toBe(true);
      expect(drawn[2].equals(drawn[0])).toBe(true);
      expect((await pdfText(drawn[1])).join('\n')).toContain(invoice.number);
    } finally {
      await pool.close();
    }
    // A closed app's pool starts no thread again.
    await expect(pool.render(invoice, null)).rejects.toThrow(/closed/);
  });
});
