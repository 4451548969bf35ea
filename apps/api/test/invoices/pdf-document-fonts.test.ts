import { computeInvoice, type InvoiceItemInput } from '@shop/domain/gst/invoice';
import { describe, expect, it } from 'vitest';
import type { InvoiceRow } from '../../src/invoices/issue-invoice.ts';
import { renderInvoicePdf } from '../../src/invoices/render-pdf.ts';
import { type PackingSlipOrder, renderPackingSlip } from '../../src/gifting/packing-slip.ts';
import { pdfText } from './pdf-text.ts';

/**
 * The fonts are parsed once per process and every PDF draws with them (decision 071). fontkit keeps each glyph object
 * it makes on the font, with the characters of the first text that made it, and pdfkit writes those characters into a
 * PDF's text layer (its ToUnicode map: what copying, search, screen readers and these tests read). A glyph first made
 * by an earlier document without its characters (a part of another glyph, e.g. the period inside the middle dot) then gave
 * every later document a '?' there: `1,180?00` for `1,180.00` (decision 123's addendum). Each document now draws with
 * its own glyph objects over the shared parsed tables (decision 125). These documents are drawn one after another in
 * one process, each with texts the others lack, and each must read back exactly as written.
 */

interface Party {
  name: string;
  address: string[];
  state: string;
  stateCode: string;
}

const issuedAt = new Date('2026-11-26T10:00:00Z');
const supplier = {
  name: 'Kaarigar Gifts Private Limited',
  address: ['14 Karigar Lane, Kothrud', 'Pune 411038'],
  state: 'Maharashtra',
  stateCode: '27',
  gstin: '27AAKCK1234M1ZB',
  signatureName: 'Meera Kulkarni',
};

/** A document row as issue-invoice.ts (or credit-note.ts, for the whole invoice) stores it. */
function documentRow(sequence: number, kind: 'invoice' | 'credit_note', recipient: Party, items: InvoiceItemInput[]): InvoiceRow {
  const computed = computeInvoice({ items, discount: 0, shipping: 0, codFee: 0, supplierStateCode: '27', placeOfSupplyCode: recipient.stateCode });
  const id = `00000000-0000-4000-8000-${String(sequence).padStart(12, '0')}`;
  return {
    id,
    createdAt: issuedAt,
    updatedAt: issuedAt,
    kind,
    number: kind === 'invoice' ? `KG/2627/${String(sequence).padStart(5, '0')}` : `KGC/2627/${String(sequence).padStart(5, '0')}`,
    financialYear: '2026-27',
    sequence,
    orderId: id,
    orderNumber: `KG-261126-${String(sequence).padStart(6, '0')}`,
    invoiceId: kind === 'invoice' ? null : id,
    reason: kind === 'invoice' ? null : 'cancelled',
    issuedAt,
    supplier,
    recipient: { ...recipient, gstin: null },
    placeOfSupply: recipient.stateCode,
    supplyType: computed.supplyType,
    lines: computed.lines.map((line, position) => ({ position, ...line })),
    amount: computed.amount,
    taxable: computed.taxable,
    cgst: computed.cgst,
    sgst: computed.sgst,
    igst: computed.igst,
    pdfKey: null,
  };
}

/** A packing slip (decision 104) drawn before the invoices: its bold heading has "·" (the period inside it) but no ".". */
const slip: PackingSlipOrder = {
  number: 'KG-261126-SLIP01',
  createdAt: issuedAt.toISOString(),
  totalItems: 1,
  items: [{ name: 'Photo cushion cover', attributes: {}, sku: null, quantity: 1, product_customization: null, customisation: null }],
  address: {
    name: 'Imran Shaikh',
    mobile: '+919812345678',
    line1: '7 Mohammed Ali Road',
    line2: null,
    landmark: null,
    city: 'Mumbai',
    state: 'Maharashtra',
    pincode: '400003',
  },
  gift: { recipientName: 'Zain Shaikh', recipientPhone: '+919812345679', message: 'زين', wrap: true, occasion: 'birthday', occasionDate: null },
};

const lamp: InvoiceItemInput = { description: 'Brass diya lamp', hsn: '9405', rate: 1800, unitPrice: 118_000, quantity: 1 };
const frame: InvoiceItemInput = { description: 'Photo frame (Size: Large)', hsn: '4414', rate: 1200, unitPrice: 56_000, quantity: 1 };

/**
 * Each document has a text the ones before it lack. These fonts draw some characters with another's glyph inside: the
 * period in the middle dot (·), the aa sign (ा) in the candra o sign (ॉ) of "जॉन", reh (ر) in zain (ز). A document
 * that drew only the outer glyph made fontkit create the inner one, with no characters, when pdfkit embedded its
 * subset. The lines are as pdf.js reads a correct document: runs joined without a space, a right-to-left paragraph in
 * visual order.
 */
const documents: { name: string; row: InvoiceRow; lines: string[] }[] = [
  {
    name: 'an invoice for जॉन after the slip: "." in its bold totals, Arabic reh in its address',
    row: documentRow(1, 'invoice', { name: 'जॉन (John)', address: ['مريم', 'Goa 403001'], state: 'Goa', stateCode: '30' }, [lamp]),
    lines: [
      'TAX INVOICE ·कर बीजक',
      'Invoice no. KG/2627/00001',
      'Place of supply Goa (30)',
      'जॉन (John)',
      'Goa 403001 مريم,',
      '1 Brass diya lamp 9405 1 1,000.00 18% 180.00 1,180.00',
      'Total 1,000.00 180.00 1,180.00',
      'Invoice total:₹1,180.00',
    ],
  },
  {
    name: 'a credit note for आशा after जॉन: the aa sign in bold',
    row: documentRow(2, 'credit_note', { name: 'आशा राय', address: ['12 MG Road', 'Pune 411001'], state: 'Maharashtra', stateCode: '27' }, [frame]),
    lines: [
      'Credit note no. KGC/2627/00002',
      'Against invoice KG/2627/00001 of 26 Nov 2026',
      'Reason Order cancelled',
      'आशा राय',
      '12 MG Road, Pune 411001',
      '1 Photo frame (Size: Large) 4414 1 500.00 12% 30.00 30.00 560.00',
      'Total 500.00 30.00 30.00 560.00',
      'Credit note total:₹560.00',
    ],
  },
  {
    name: 'an invoice for زين: Arabic in bold, Hindi in its address',
    row: documentRow(3, 'invoice', { name: 'زين', address: ['आशा नगर', 'Lucknow 226001'], state: 'Uttar Pradesh', stateCode: '09' }, [frame, lamp]),
    lines: ['Invoice no. KG/2627/00003', 'زين', 'आशा नगर, Lucknow 226001', 'Total 1,500.00 240.00 1,740.00', 'Invoice total:₹1,740.00'],
  },
  {
    name: 'an invoice for مريم after زين: Arabic reh in bold',
    row: documentRow(4, 'invoice', { name: 'مريم', address: ['4 Park Street', 'Kolkata 700016'], state: 'West Bengal', stateCode: '19' }, [lamp]),
    lines: ['Invoice no. KG/2627/00004', 'مريم', '4 Park Street, Kolkata 700016', 'Total 1,000.00 180.00 1,180.00', 'Invoice total:₹1,180.00'],
  },
];

describe('PDFs drawn one after another in one process', () => {
  it('each reads back exactly as written, whatever the process drew before', async () => {
    const slipLines = (await pdfText(await renderPackingSlip(slip, 'Kaarigar Gifts'))).join('\n').split('\n');
    expect(slipLines).toContain('PACKING SLIP · Order KG-261126-SLIP01');
    expect(slipLines).toContain('زين');
    for (const { name, row, lines } of documents) {
      const reference = row.kind === 'credit_note' ? { number: 'KG/2627/00001', issuedAt } : null;
      const text = (await pdfText(await renderInvoicePdf(row, reference))).join('\n');
      for (const line of lines) expect.soft(text.split('\n'), `${name}: ${line}`).toContain(line);
      // pdf.js reads a glyph written without characters as its number in the subset: '?', ';', '9', a control
      // character (the old code's '.' read '1,180?00' in one run, '1,180;00' in another). Nothing drawn here has a '?'.
      expect.soft(text, name).not.toMatch(/[?\u0000-\u0009\u000B-\u001F\uFFFD]/);
    }
  });
});
