import { z } from 'zod';
import { type RateTotal, type SupplyType, type TaxSplit, sumSplits, totalsByRate } from './invoice.ts';
import { gstStateName } from './states.ts';

/**
 * A month's GST report (issue 21): what a GSTR-1 return needs from the shop's invoices and credit notes. The shop
 * sells to shoppers who are not registered for GST (B2C), so its return has
 *   B2CS (table 7)   supplies to unregistered persons by place of supply and rate, net of their credit notes;
 *   B2CL (table 5)   inter-state invoices above ₹1,00,000 each, listed one by one (they stay out of B2CS);
 *   HSN (table 12)   quantity, value and taxes per HSN code and rate, net of credit notes;
 *   DOCS (table 13)  the invoice and credit note series used: first and last number, how many.
 * Amounts are paise here; the CSV writes rupees.
 */

/** GSTR-1: an inter-state invoice to an unregistered person above this value is B2C Large (since 1 August 2024). */
export const B2CL_THRESHOLD = 1_00_000_00;

export interface ReportLine extends TaxSplit {
  hsn: string;
  description: string;
  rate: number;
  quantity: number;
}

export interface ReportDocument {
  kind: 'invoice' | 'credit_note';
  number: string;
  sequence: number;
  issuedAt: Date;
  placeOfSupply: string;
  supplyType: SupplyType;
  amount: number;
  lines: ReportLine[];
  /** A credit note's invoice: whether that invoice was B2C Large decides where the note is reported. */
  invoiceAmount?: number;
}

export interface B2csRow extends Omit<TaxSplit, 'amount'> {
  placeOfSupply: string;
  rate: number;
}

export interface HsnRow extends TaxSplit {
  hsn: string;
  description: string;
  rate: number;
  quantity: number;
}

export interface DocumentSeriesRow {
  nature: 'Invoices for outward supply' | 'Credit Note';
  from: string;
  to: string;
  total: number;
  cancelled: number;
}

export interface GstReport {
  month: string;
  b2cs: B2csRow[];
  b2cl: ReportDocument[];
  hsn: HsnRow[];
  docs: DocumentSeriesRow[];
  invoices: { count: number; byRate: RateTotal[]; total: TaxSplit };
  creditNotes: { count: number; byRate: RateTotal[]; total: TaxSplit };
  /** Invoices less credit notes, per rate. */
  net: { byRate: RateTotal[]; total: TaxSplit };
}

/** A month from 2017 (GST began that July) to 2099, as YYYY-MM: later years would not make a valid date range. */
export const reportMonthSchema = z.string().regex(/^20(1[7-9]|[2-9]\d)-(0[1-9]|1[0-2])$/, { error: 'gst_report_month_invalid' });

/** The month's bounds in India (UTC+05:30): [from, to). */
export function monthBounds(month: string): { from: Date; to: Date } {
  const [year, mon] = month.split('-').map(Number) as [number, number];
  const from = new Date(`${month}-01T00:00:00+05:30`);
  const next = mon === 12 ? `${year + 1}-01` : `${year}-${String(mon + 1).padStart(2, '0')}`;
  return { from, to: new Date(`${next}-01T00:00:00+05:30`) };
}

const negate = (line: ReportLine): ReportLine => ({
  ...line,
  amount: -line.amount,
  taxable: -line.taxable,
  cgst: -line.cgst,
  sgst: -line.sgst,
  igst: -line.igst,
  quantity: -line.quantity,
});

const isLarge = (document: ReportDocument) =>
  document.supplyType === 'inter_state' && (document.kind === 'invoice' ? document.amount : (document.invoiceAmount ?? 0)) > B2CL_THRESHOLD;

function series(nature: DocumentSeriesRow['nature'], documents: ReportDocument[]): DocumentSeriesRow[] {
  if (documents.length === 0) return [];
  const sorted = [...documents].sort((a, b) => a.issuedAt.getTime() - b.issuedAt.getTime() || a.sequence - b.sequence);
  return [{ nature, from: sorted[0]!.number, to: sorted[sorted.length - 1]!.number, total: sorted.length, cancelled: 0 }];
}

export function buildGstReport(month: string, documents: readonly ReportDocument[]): GstReport {
  const invoices = documents.filter((document) => document.kind === 'invoice');
  const notes = documents.filter((document) => document.kind === 'credit_note');
  // Credit notes count against their supplies: negative lines.
  const signed = documents.flatMap((document) => document.lines.map((line) => ({ document, line: document.kind === 'credit_note' ? negate(line) : line })));

  const b2csGroups = new Map<string, B2csRow>();
  for (const { document, line } of signed) {
    if (isLarge(document)) continue;
    const key = `${document.placeOfSupply}|${line.rate}`;
    const row = b2csGroups.get(key) ?? { placeOfSupply: document.placeOfSupply, rate: line.rate, taxable: 0, cgst: 0, sgst: 0, igst: 0 };
    row.taxable += line.taxable;
    row.cgst += line.cgst;
    row.sgst += line.sgst;
    row.igst += line.igst;
    b2csGroups.set(key, row);
  }

  const hsnGroups = new Map<string, HsnRow>();
  for (const { line } of signed) {
    const key = `${line.hsn}|${line.rate}`;
    const row = hsnGroups.get(key) ?? {
      hsn: line.hsn,
      description: line.description,
      rate: line.rate,
      quantity: 0,
      amount: 0,
      taxable: 0,
      cgst: 0,
      sgst: 0,
      igst: 0,
    };
    row.quantity += line.quantity;
    row.amount += line.amount;
    row.taxable += line.taxable;
    row.cgst += line.cgst;
    row.sgst += line.sgst;
    row.igst += line.igst;
    hsnGroups.set(key, row);
  }

  const invoiceLines = invoices.flatMap((document) => document.lines);
  const noteLines = notes.flatMap((document) => document.lines);
  return {
    month,
    b2cs: [...b2csGroups.values()].sort((a, b) => a.placeOfSupply.localeCompare(b.placeOfSupply) || a.rate - b.rate),
    b2cl: invoices.filter(isLarge),
    hsn: [...hsnGroups.values()].sort((a, b) => a.hsn.localeCompare(b.hsn) || a.rate - b.rate),
    docs: [...series('Invoices for outward supply', invoices), ...series('Credit Note', notes)],
    invoices: { count: invoices.length, byRate: totalsByRate(invoiceLines), total: sumSplits(invoiceLines) },
    creditNotes: { count: notes.length, byRate: totalsByRate(noteLines), total: sumSplits(noteLines) },
    net: { byRate: totalsByRate(signed.map(({ line }) => line)), total: sumSplits(signed.map(({ line }) => line)) },
  };
}

/** "29-Karnataka", as the GSTR-1 offline tool writes a place of supply. */
export function placeOfSupplyLabel(code: string): string {
  return `${code}-${gstStateName(code) ?? 'Other Territory'}`;
}
