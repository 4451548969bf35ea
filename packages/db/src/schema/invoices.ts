import { sql } from 'drizzle-orm';
import { type AnyPgColumn, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { commonColumns } from './columns.ts';
import { orders } from './orders.ts';

/*
 * GST tax invoices and credit notes (issue 21, decisions 069 and 070). A document is written once, with everything it
 * says (the shop's identity, the buyer, every line and tax) as it was when issued, so later edits to the settings, a
 * product or an address never change an invoice; its PDF is rendered from this row and stored once (pdf_key).
 */

export type DocumentKind = 'invoice' | 'credit_note';

/** The one counter of a series in a financial year: locked and incremented in the transaction that issues a document. */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    series: text('series').$type<DocumentKind>().notNull(),
    /** '2026-27': 1 April 2026 to 31 March 2027 (packages/domain/src/gst/numbering.ts). */
    financialYear: text('financial_year').notNull(),
    lastNumber: integer('last_number').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.series, t.financialYear] })],
);

export interface InvoiceParty {
  name: string;
  /** Address lines. */
  address: string[];
  state: string;
  /** GST state code, e.g. '27'. */
  stateCode: string;
  /** The supplier's GSTIN; a shopper (unregistered, B2C) has none. */
  gstin: string | null;
}

export interface InvoiceSupplierSnapshot extends InvoiceParty {
  signatureName: string;
}

/** One line of a document, as printed (paise; rate in basis points). */
export interface StoredInvoiceLine {
  /** The invoice line's index (a credit note's lines point at the invoice's). */
  position: number;
  kind: 'item' | 'shipping' | 'cod_fee' | 'gift_wrap';
  description: string;
  hsn: string;
  rate: number;
  quantity: number;
  unitPrice: number;
  gross: number;
  discount: number;
  amount: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export const invoices = pgTable(
  'invoices',
  {
    ...commonColumns,
    kind: text('kind').$type<DocumentKind>().notNull(),
    /** PREFIX/2627/00042 or PREFIXC/2627/00007: at most 16 characters. */
    number: text('number').notNull(),
    financialYear: text('financial_year').notNull(),
    sequence: integer('sequence').notNull(),
    /** No cascade: a tax document outlives nothing it belongs to. */
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id),
    orderNumber: text('order_number').notNull(),
    /** A credit note's invoice. */
    invoiceId: uuid('invoice_id').references((): AnyPgColumn => invoices.id),
    /** A credit note's reason: 'cancelled' or 'refunded'. */
    reason: text('reason'),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull(),
    supplier: jsonb('supplier').$type<InvoiceSupplierSnapshot>().notNull(),
    recipient: jsonb('recipient').$type<InvoiceParty>().notNull(),
    /** The place of supply's GST state code (the shipping address's state). */
    placeOfSupply: text('place_of_supply').notNull(),
    supplyType: text('supply_type').$type<'intra_state' | 'inter_state'>().notNull(),
    lines: jsonb('lines').$type<StoredInvoiceLine[]>().notNull(),
    /** Paise: the document's total (what was paid, or given back) and its parts. */
    amount: integer('amount').notNull(),
    taxable: integer('taxable').notNull(),
    cgst: integer('cgst').notNull(),
    sgst: integer('sgst').notNull(),
    igst: integer('igst').notNull(),
    /** The stored PDF's object key, set once when it is first rendered. */
    pdfKey: text('pdf_key'),
  },
  (t) => [
    uniqueIndex('invoices_number_idx').on(t.number),
    uniqueIndex('invoices_series_sequence_idx').on(t.kind, t.financialYear, t.sequence),
    // One tax invoice per order; credit notes may be several (partial refunds).
    uniqueIndex('invoices_one_per_order_idx')
      .on(t.orderId)
      .where(sql`${t.kind} = 'invoice'`),
    index('invoices_order_idx').on(t.orderId, t.issuedAt),
    index('invoices_issued_idx').on(t.issuedAt),
    check('invoices_kind_check', sql`${t.kind} in ('invoice', 'credit_note')`),
    check('invoices_amounts_check', sql`${t.amount} = ${t.taxable} + ${t.cgst} + ${t.sgst} + ${t.igst}`),
  ],
);
