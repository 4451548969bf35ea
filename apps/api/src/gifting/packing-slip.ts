import PDFDocument from 'pdfkit';
import type { Order, OrderLine } from '@shop/domain/order';
import { type Doc, write } from '../invoices/render-pdf.ts';
import { documentFonts, registerFonts } from '../invoices/pdf-fonts.ts';

/**
 * The packing slip (issue 24): the sheet that goes into the parcel. It names the order, who receives it, what is in
 * it (items and quantities, each unit's personalisation) and, for a gift, the occasion, the wrap and the message. It
 * never carries a price or an amount, gift or not: a slip travels with the parcel, and a gift's recipient must not
 * learn what it cost (so there is one rule to test, not two). The fonts are the invoice's (pdf-fonts.ts, decision 071).
 */

const OCCASIONS: Record<string, string> = {
  birthday: 'Birthday',
  anniversary: 'Anniversary',
  rakhi: 'Rakhi',
  diwali: 'Diwali',
  wedding: 'Wedding',
  other: 'Special occasion',
};

/**
 * What the slip prints of an order, and nothing else: no price or amount can reach it. A test (decision 125) draws one
 * from these fields alone.
 */
export type PackingSlipOrder = Pick<Order, 'number' | 'createdAt' | 'gift' | 'address' | 'totalItems'> & {
  items: Pick<OrderLine, 'name' | 'attributes' | 'sku' | 'quantity' | 'product_customization' | 'customisation'>[];
};
type SlipItem = PackingSlipOrder['items'][number];

const dateOf = (at: Date) => new Intl.DateTimeFormat('en-IN', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(at);

/** "Name (Colour: Rose Gold)". */
function itemLabel(item: SlipItem): string {
  const attributes = Object.entries(item.attributes).map(([name, value]) => `${name}: ${value}`);
  return attributes.length ? `${item.name} (${attributes.join(', ')})` : item.name;
}

/** Each unit's text and photo count, or what is still missing. */
function personalisationLines(item: SlipItem): string[] {
  if (!item.product_customization) return [];
  const units = item.customisation?.units;
  if (!units) return ['Personalisation: not sent yet'];
  return units.map((unit, index) => {
    const photos = unit.customization_image.length;
    const parts = [unit.text ? `“${unit.text}”` : null, photos ? `${photos} photo${photos === 1 ? '' : 's'}` : null].filter(Boolean);
    return `Unit ${index + 1}: ${parts.length ? parts.join(' + ') : '(nothing needed)'}`;
  });
}

export function renderPackingSlip(order: PackingSlipOrder, shopName: string): Promise<Buffer> {
  const placed = new Date(order.createdAt);
  // This document's own font objects over the process's parsed fonts (decision 125).
  const fonts = documentFonts();
  const doc: Doc = new PDFDocument({
    size: 'A5',
    font: fonts['latin-400'] as never,
    margin: 30,
    info: { Title: `Packing slip ${order.number}`, Author: shopName, Subject: `Order ${order.number}`, CreationDate: placed, ModDate: placed },
  });
  registerFonts(doc, fonts);
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = 30;
  const width = doc.page.width - 60;
  const bottom = doc.page.height - 40;
  let y = 30;
  /** Writes a block, starting a new page when it would not fit. */
  const block = (text: string, options: Parameters<typeof write>[4] = {}, indent = 0) => {
    if (y > bottom) {
      doc.addPage();
      y = 30;
    }
    y += write(doc, text, left + indent, y, { width: width - indent, ...options }) + 2;
  };
  const rule = () => {
    doc
      .moveTo(left, y)
      .lineTo(left + width, y)
      .lineWidth(0.5)
      .stroke();
    y += 6;
  };

  block(shopName, { bold: true, size: 12 });
  block(`PACKING SLIP  ·  Order ${order.number}`, { bold: true, size: 11 });
  block(`Placed ${dateOf(placed)}`, { size: 8 });
  rule();

  const { gift, address } = order;
  block('Deliver to', { bold: true, size: 9 });
  block(gift ? `${gift.recipientName}  ·  ${gift.recipientPhone}` : `${address.name}  ·  ${address.mobile}`, { size: 9 });
  for (const line of [address.line1, address.line2, address.landmark, `${address.city}, ${address.state} ${address.pincode}`])
    if (line) block(line, { size: 9 });
  rule();

  if (gift) {
    const occasion = gift.occasion
      ? `${OCCASIONS[gift.occasion] ?? gift.occasion}${gift.occasionDate ? ` on ${dateOf(new Date(`${gift.occasionDate}T00:00:00Z`))}` : ''}`
      : null;
    block(`A gift${occasion ? ` for a ${occasion}` : ''}${gift.wrap ? '  ·  Gift wrap: yes' : '  ·  Gift wrap: no'}`, { bold: true, size: 10 });
    if (gift.message) {
      block('Gift message', { bold: true, size: 9 });
      block(gift.message, { size: 11 }, 8);
    }
    rule();
  }

  block(`Items (${order.totalItems})`, { bold: true, size: 9 });
  for (const item of order.items) {
    block(`${item.quantity} ×  ${itemLabel(item)}${item.sku ? `  [${item.sku}]` : ''}`, { size: 9 });
    for (const line of personalisationLines(item)) block(line, { size: 8 }, 16);
  }
  rule();
  block(gift ? 'Packed with care. Prices are not shown on this slip.' : 'Packed with care.', { size: 7 });

  doc.end();
  return done;
}
