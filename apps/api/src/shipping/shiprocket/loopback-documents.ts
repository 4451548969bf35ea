import PDFDocument from 'pdfkit';
import { documentFonts, fontRuns, registerFonts } from '../../invoices/pdf-fonts.ts';
import type { AdhocOrderRequest } from './entities.ts';

/**
 * The loopback carrier's documents (decision 084): a 4×6 inch shipping label and a manifest, as real PDFs (pdfkit), so
 * the back office's downloads and the tests handle the bytes a carrier would send. The AWB and codes are drawn in
 * Helvetica (a standard font: the text stays readable in the file) and large; names and addresses in the invoice's
 * Noto fonts, which also cover Hindi. Uncompressed: they are a few kilobytes.
 */

export interface LabelFacts {
  awb: string;
  courierName: string;
  order: AdhocOrderRequest;
  shipmentId: number;
  routingCode: string;
}

type Doc = PDFKit.PDFDocument;

function collect(doc: Doc): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}

function newDoc(size: [number, number] | 'A4', title: string): Doc {
  const doc = new PDFDocument({ size, margin: 14, compress: false, info: { Title: title, Author: 'Loopback carrier (Shiprocket test double)' } });
  // This document's own font objects over the process's parsed fonts (decision 125).
  registerFonts(doc, documentFonts());
  return doc;
}

/** A text in the fonts its scripts need (Latin, Devanagari); returns the height it took. */
function write(doc: Doc, text: string, x: number, y: number, width: number, size = 9, bold = false): number {
  const runs = fontRuns(text || ' ');
  const weight = bold ? 700 : 400;
  doc.fontSize(size);
  const height = doc.font(`${runs[0]!.subset}-${weight}`).heightOfString(text || ' ', { width });
  runs.forEach((run, index) => {
    doc.font(`${run.subset}-${weight}`);
    const more = index < runs.length - 1;
    if (index === 0) doc.text(run.text, x, y, { width, continued: more });
    else doc.text(run.text, { continued: more });
  });
  return height;
}

/** Bars for the AWB (an interleaved pattern of its digits' bits): scannable-looking, and exactly the AWB's digits. */
function bars(doc: Doc, code: string, x: number, y: number, width: number, height: number) {
  const bits = [...code].flatMap((char) => [...char.charCodeAt(0).toString(2).padStart(8, '0')].map((bit) => bit === '1'));
  const unit = width / (bits.length * 2 + 4);
  let at = x + unit * 2;
  for (const bit of bits) {
    doc.rect(at, y, unit * (bit ? 1.5 : 0.6), height).fill('#000');
    at += unit * 2;
  }
}

export function renderLabel(facts: LabelFacts): Promise<Buffer> {
  const doc = newDoc([288, 432], `Shipping label AWB ${facts.awb}`);
  const done = collect(doc);
  const order = facts.order;
  const width = 260;
  let y = 14;
  doc.font('Helvetica-Bold').fontSize(12).text(facts.courierName, 14, y, { width });
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(`Routing ${facts.routingCode}`, 14, y + 2, { width, align: 'right' });
  y += 22;
  bars(doc, facts.awb, 14, y, width, 48);
  y += 54;
  doc.font('Helvetica-Bold').fontSize(22).text(facts.awb, 14, y, { width, align: 'center' });
  y += 30;
  doc
    .font('Helvetica-Bold')
    .fontSize(11)
    .text(order.payment_method === 'COD' ? `COD  Rs. ${order.sub_total.toFixed(2)}` : 'PREPAID', 14, y, { width });
  y += 18;
  doc.moveTo(14, y).lineTo(274, y).lineWidth(0.5).stroke();
  y += 6;
  y += write(doc, 'Deliver to', 14, y, width, 8, true);
  y += write(doc, `${order.billing_customer_name} ${order.billing_last_name}`.trim(), 14, y, width, 11, true);
  y += write(doc, [order.billing_address, order.billing_address_2].filter(Boolean).join(', '), 14, y, width, 9);
  y += write(doc, `${order.billing_city}, ${order.billing_state}`, 14, y, width, 9);
  doc.font('Helvetica-Bold').fontSize(14).text(`PIN ${order.billing_pincode}`, 14, y, { width });
  y += 18;
  doc.font('Helvetica').fontSize(9).text(`Phone ${order.billing_phone}`, 14, y, { width });
  y += 16;
  doc.moveTo(14, y).lineTo(274, y).stroke();
  y += 6;
  y += write(doc, `From: ${order.pickup_location}`, 14, y, width, 8);
  doc
    .font('Helvetica')
    .fontSize(8)
    .text(`Order ${order.order_id}  ·  Shipment ${facts.shipmentId}  ·  ${order.weight} kg  ·  ${order.length}x${order.breadth}x${order.height} cm`, 14, y, {
      width,
    });
  y += 24;
  for (const item of order.order_items.slice(0, 6)) y += write(doc, `${item.units} × ${item.name}`, 14, y, width, 7);
  doc.end();
  return done;
}

export interface ManifestEntry {
  awb: string;
  courierName: string;
  order: AdhocOrderRequest;
}

export function renderManifest(entries: ManifestEntry[], generatedAt: Date): Promise<Buffer> {
  const doc = newDoc('A4', `Manifest ${generatedAt.toISOString().slice(0, 10)}`);
  const done = collect(doc);
  doc.font('Helvetica-Bold').fontSize(14).text('Manifest (courier handover)', 36, 36);
  doc.font('Helvetica').fontSize(9).text(`Generated ${generatedAt.toISOString()}  ·  ${entries.length} shipments`, 36, 56);
  let y = 80;
  const columns: Array<[string, number]> = [
    ['AWB', 36],
    ['Courier', 150],
    ['Order', 250],
    ['Consignee', 340],
    ['PIN', 470],
    ['Payment', 515],
  ];
  doc.font('Helvetica-Bold').fontSize(8);
  for (const [title, x] of columns) doc.text(title, x, y);
  y += 14;
  for (const entry of entries) {
    if (y > 800) {
      doc.addPage();
      y = 36;
    }
    doc.font('Helvetica').fontSize(8);
    doc.text(entry.awb, 36, y);
    doc.text(entry.courierName.slice(0, 22), 150, y);
    doc.text(entry.order.order_id, 250, y);
    write(doc, `${entry.order.billing_customer_name} ${entry.order.billing_last_name}`.trim().slice(0, 28), 340, y, 125, 8);
    doc.font('Helvetica').fontSize(8).text(entry.order.billing_pincode, 470, y);
    doc.text(entry.order.payment_method === 'COD' ? `COD ${entry.order.sub_total.toFixed(2)}` : 'Prepaid', 515, y);
    y += 14;
  }
  y += 20;
  doc.font('Helvetica').fontSize(9).text('Handed over by ____________________     Received by (courier) ____________________', 36, y);
  doc.end();
  return done;
}
