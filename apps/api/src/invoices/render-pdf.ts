import PDFDocument from 'pdfkit';
import { amountInWords } from '@shop/domain/gst/amount-in-words';
import { totalsByRate } from '@shop/domain/gst/invoice';
import { gstStateName } from '@shop/domain/gst/states';
import type { InvoiceRow } from './issue-invoice.ts';
import { documentFonts, fontRuns, FONT_SUBSETS, registerFonts } from './pdf-fonts.ts';
import { hasArabic, writeBidi } from './pdf-bidi.ts';

/**
 * A tax invoice or credit note as a PDF (issue 21), laid out as GST rule 46 asks: the supplier with its GSTIN and
 * state, the recipient, the number and date, the place of supply, one row per line with HSN/SAC, taxable value, rate
 * and each tax, the taxes by rate, the total in figures and in words, whether tax is payable on reverse charge, and
 * the signatory. Everything comes from the stored document row, nothing from today's settings or catalogue, and the
 * file's dates are the document's own, so the same row always renders the same bytes.
 */

export interface PdfReference {
  /** A credit note's invoice. */
  number: string;
  issuedAt: Date;
}

const rupees = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const money = (paise: number) => `₹${rupees.format(paise / 100)}`;
const plain = (paise: number) => rupees.format(paise / 100);
const percent = (rate: number) => `${rate / 100}%`;
const dateOf = (at: Date) => new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(at);

export type Doc = PDFKit.PDFDocument;
export interface TextOptions {
  width?: number;
  align?: 'left' | 'right' | 'center';
  bold?: boolean;
  size?: number;
}

/** Writes a text at (x, y) in as many font runs as its scripts need; returns the height it took. */
export function write(doc: Doc, text: string, x: number, y: number, options: TextOptions = {}): number {
  const weight = options.bold ? 700 : 400;
  const size = options.size ?? 8;
  // Arabic (a gift message, a name): shaped, ordered right to left and aligned right where it leads (decision 117).
  if (FONT_SUBSETS.includes('arabic') && hasArabic(text)) {
    return writeBidi(doc, text, x, y, {
      width: options.width ?? doc.page.width - x - doc.page.margins.right,
      bold: !!options.bold,
      size,
      align: options.align ?? 'left',
    });
  }
  const runs = fontRuns(text || ' ');
  const layout = { width: options.width, align: options.align ?? 'left', lineGap: 1 } as const;
  doc.fontSize(size);
  const height = doc.font(`${runs[0]!.subset}-${weight}`).heightOfString(text || ' ', layout);
  runs.forEach((run, index) => {
    doc.font(`${run.subset}-${weight}`);
    const more = index < runs.length - 1;
    if (index === 0) doc.text(run.text, x, y, { ...layout, continued: more });
    else doc.text(run.text, { continued: more });
  });
  return height;
}

interface Column {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
}

export function renderInvoicePdf(document: InvoiceRow, reference: PdfReference | null = null): Promise<Buffer> {
  const credit = document.kind === 'credit_note';
  const title = credit ? 'CREDIT NOTE' : 'TAX INVOICE';
  // This document's own font objects over the process's parsed fonts (decision 125).
  const fonts = documentFonts();
  const doc = new PDFDocument({
    size: 'A4',
    // Our own font from the start: the default (Helvetica) would be loaded for nothing.
    font: fonts['latin-400'] as never,
    margin: 36,
    info: {
      Title: `${title} ${document.number}`,
      Author: document.supplier.name,
      Subject: `Order ${document.orderNumber}`,
      CreationDate: document.issuedAt,
      ModDate: document.issuedAt,
    },
  });
  registerFonts(doc, fonts);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 36;
  const width = doc.page.width - 72;
  const half = width / 2;
  const rule = (y: number) =>
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .stroke();

  // Heading: the document's kind in English and Hindi, and which copy this is.
  let y = 36;
  write(doc, `${title}  ·  ${credit ? 'क्रेडिट नोट' : 'कर बीजक'}`, left, y, { size: 14, bold: true, width, align: 'center' });
  y += 22;
  write(doc, 'Original for recipient', left, y, { width, align: 'center', size: 8 });
  y += 16;
  rule(y);
  y += 6;

  // Supplier (left) and the document's particulars (right).
  const supplier = document.supplier;
  const placeName = gstStateName(document.placeOfSupply) ?? document.recipient.state;
  let leftY = y;
  leftY += write(doc, supplier.name, left, leftY, { bold: true, size: 10, width: half - 8 });
  for (const line of supplier.address) leftY += write(doc, line, left, leftY, { width: half - 8 });
  leftY += write(doc, `State: ${supplier.state} (code ${supplier.stateCode})`, left, leftY, { width: half - 8 });
  leftY += write(doc, `GSTIN: ${supplier.gstin ?? ''}`, left, leftY, { bold: true, width: half - 8 });
  let rightY = y;
  const particulars: [string, string][] = [
    [credit ? 'Credit note no.' : 'Invoice no.', document.number],
    [credit ? 'Credit note date' : 'Invoice date', dateOf(document.issuedAt)],
    ...(reference ? ([['Against invoice', `${reference.number} of ${dateOf(reference.issuedAt)}`]] as [string, string][]) : []),
    ...(credit && document.reason ? ([['Reason', document.reason === 'cancelled' ? 'Order cancelled' : 'Refund']] as [string, string][]) : []),
    ['Order no.', document.orderNumber],
    ['Place of supply', `${placeName} (${document.placeOfSupply})`],
  ];
  for (const [label, value] of particulars) {
    write(doc, label, left + half, rightY, { width: 90 });
    rightY += write(doc, value, left + half + 92, rightY, { width: half - 92, bold: true });
  }
  y = Math.max(leftY, rightY) + 6;
  rule(y);
  y += 6;

  // Recipient: a shopper, not registered for GST (a B2C supply).
  write(doc, 'Billed and shipped to', left, y, { bold: true });
  y += 12;
  y += write(doc, document.recipient.name, left, y, { size: 9, bold: true, width });
  y += write(doc, document.recipient.address.join(', '), left, y, { width });
  y += write(doc, `State: ${document.recipient.state} (code ${document.recipient.stateCode})    GSTIN: Unregistered`, left, y, { width });
  y += 6;
  rule(y);
  y += 4;

  // The lines.
  const intra = document.supplyType === 'intra_state';
  const taxColumns: Column[] = intra
    ? [
        { title: 'CGST', width: 52, align: 'right' },
        { title: 'SGST', width: 52, align: 'right' },
      ]
    : [{ title: 'IGST', width: 60, align: 'right' }];
  const fixed: Column[] = [
    { title: '#', width: 16, align: 'left' },
    { title: 'Description', width: 0, align: 'left' },
    { title: 'HSN/SAC', width: 46, align: 'left' },
    { title: 'Qty', width: 24, align: 'right' },
    { title: 'Taxable value', width: 62, align: 'right' },
    { title: 'GST rate', width: 34, align: 'right' },
    ...taxColumns,
    { title: 'Total', width: 62, align: 'right' },
  ];
  fixed[1]!.width = width - fixed.reduce((sum, column) => sum + column.width, 0);
  const row = (cells: string[], bold = false) => {
    let x = left;
    let tallest = 0;
    cells.forEach((cell, index) => {
      const column = fixed[index]!;
      tallest = Math.max(tallest, write(doc, cell, x + 2, y, { width: column.width - 4, align: column.align, bold }));
      x += column.width;
    });
    y += tallest + 4;
    if (y > doc.page.height - 200) {
      doc.addPage();
      y = 36;
    }
  };
  row(
    fixed.map((column) => column.title),
    true,
  );
  rule(y - 2);
  document.lines.forEach((line, index) => {
    const taxes = intra ? [plain(line.cgst), plain(line.sgst)] : [plain(line.igst)];
    const description = line.discount > 0 ? `${line.description} (coupon −${plain(line.discount)})` : line.description;
    row([String(index + 1), description, line.hsn || '—', String(line.quantity), plain(line.taxable), percent(line.rate), ...taxes, plain(line.amount)]);
  });
  rule(y - 2);
  const totalTaxes = intra ? [plain(document.cgst), plain(document.sgst)] : [plain(document.igst)];
  row(['', 'Total', '', '', plain(document.taxable), '', ...totalTaxes, plain(document.amount)], true);
  rule(y - 2);
  y += 6;

  // Taxes by rate.
  write(doc, 'Tax by rate', left, y, { bold: true });
  y += 12;
  const rateColumns = intra ? ['GST rate', 'Taxable value', 'CGST', 'SGST', 'Total tax'] : ['GST rate', 'Taxable value', 'IGST', 'Total tax'];
  const rateWidth = width / rateColumns.length;
  const rateRow = (cells: string[], bold = false) => {
    cells.forEach((cell, index) => write(doc, cell, left + index * rateWidth, y, { width: rateWidth - 6, align: index === 0 ? 'left' : 'right', bold }));
    y += 12;
  };
  rateRow(rateColumns, true);
  for (const rate of totalsByRate(document.lines)) {
    const tax = rate.cgst + rate.sgst + rate.igst;
    rateRow(
      intra
        ? [percent(rate.rate), plain(rate.taxable), plain(rate.cgst), plain(rate.sgst), plain(tax)]
        : [percent(rate.rate), plain(rate.taxable), plain(rate.igst), plain(tax)],
    );
  }
  y += 6;
  rule(y);
  y += 8;

  // The total in figures and words, reverse charge, signatory.
  write(doc, `${credit ? 'Credit note total' : 'Invoice total'}: ${money(document.amount)}`, left, y, { bold: true, size: 11, width, align: 'right' });
  y += 18;
  y += write(doc, `Amount in words: ${amountInWords(document.amount)}`, left, y, { width, size: 9 });
  y += 4;
  y += write(doc, 'Whether tax is payable on reverse charge: No', left, y, { width });
  y += 30;
  write(doc, `For ${supplier.name}`, left + half, y, { width: half, align: 'right', bold: true });
  y += 30;
  write(doc, supplier.signatureName, left + half, y, { width: half, align: 'right' });
  y += 12;
  write(doc, 'Authorised signatory', left + half, y, { width: half, align: 'right' });
  y += 24;
  write(doc, 'This is a computer-generated document.', left, y, { width, align: 'center', size: 7 });

  doc.end();
  return done;
}
