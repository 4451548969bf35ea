import { type Database, invoices } from '@shop/db';
import { buildGstReport, type GstReport, monthBounds, placeOfSupplyLabel, type ReportDocument } from '@shop/domain/gst/report';
import { stringify } from 'csv-stringify/sync';
import { and, asc, gte, inArray, lt } from 'drizzle-orm';

/**
 * The GST report of a month (issue 21): the documents issued in it (India time) through the pure report builder
 * (packages/domain/src/gst/report.ts), and its CSV in the GSTR-1 offline tool's column names, one section after
 * another (or one section alone with `section`), amounts in rupees.
 */

/** The documents issued in a month, as the report builder reads them (a line without an HSN code reads "NA"). */
async function monthDocuments(db: Database, month: string): Promise<ReportDocument[]> {
  const { from, to } = monthBounds(month);
  const rows = await db
    .select()
    .from(invoices)
    .where(and(gte(invoices.issuedAt, from), lt(invoices.issuedAt, to)))
    .orderBy(asc(invoices.issuedAt), asc(invoices.sequence));
  // A credit note is B2C Large when its invoice was, whatever month that invoice is in.
  const invoiceIds = [...new Set(rows.map((row) => row.invoiceId).filter((id): id is string => id !== null))];
  const invoiceAmounts = new Map(
    (invoiceIds.length ? await db.select({ id: invoices.id, amount: invoices.amount }).from(invoices).where(inArray(invoices.id, invoiceIds)) : []).map(
      (row) => [row.id, row.amount],
    ),
  );
  const documents: ReportDocument[] = rows.map((row) => ({
    kind: row.kind,
    number: row.number,
    sequence: row.sequence,
    issuedAt: row.issuedAt,
    placeOfSupply: row.placeOfSupply,
    supplyType: row.supplyType,
    amount: row.amount,
    ...(row.invoiceId ? { invoiceAmount: invoiceAmounts.get(row.invoiceId) ?? 0 } : {}),
    lines: row.lines.map((line) => ({ ...line, hsn: line.hsn || 'NA' })),
  }));
  return documents;
}

export async function gstReport(db: Database, month: string): Promise<GstReport> {
  return buildGstReport(month, await monthDocuments(db, month));
}

export const GST_REPORT_SECTIONS = ['b2cs', 'b2cl', 'hsn', 'docs', 'register'] as const;
export type GstReportSection = (typeof GST_REPORT_SECTIONS)[number];

const rupees = (paise: number) => (paise / 100).toFixed(2);
const percent = (rate: number) => String(rate / 100);
const dateOf = (at: Date) =>
  new Intl.DateTimeFormat('en-GB', { day: '2-digit', month: 'short', year: 'numeric', timeZone: 'Asia/Kolkata' }).format(at).replace(/ /g, '-');

function sectionRows(report: GstReport, section: GstReportSection, documents: ReportDocument[]): string[][] {
  switch (section) {
    case 'b2cs':
      return [
        ['Type', 'Place Of Supply', 'Rate', 'Applicable % of Tax Rate', 'Taxable Value', 'Cess Amount', 'E-Commerce GSTIN'],
        ...report.b2cs.map((row) => ['OE', placeOfSupplyLabel(row.placeOfSupply), percent(row.rate), '', rupees(row.taxable), '0.00', '']),
      ];
    case 'b2cl':
      return [
        [
          'Invoice Number',
          'Invoice date',
          'Invoice Value',
          'Place Of Supply',
          'Applicable % of Tax Rate',
          'Rate',
          'Taxable Value',
          'Cess Amount',
          'E-Commerce GSTIN',
        ],
        ...report.b2cl.flatMap((document) =>
          [...new Set(document.lines.map((line) => line.rate))].map((rate) => [
            document.number,
            dateOf(document.issuedAt),
            rupees(document.amount),
            placeOfSupplyLabel(document.placeOfSupply),
            '',
            percent(rate),
            rupees(document.lines.filter((line) => line.rate === rate).reduce((sum, line) => sum + line.taxable, 0)),
            '0.00',
            '',
          ]),
        ),
      ];
    case 'hsn':
      return [
        [
          'HSN',
          'Description',
          'UQC',
          'Total Quantity',
          'Total Value',
          'Rate',
          'Taxable Value',
          'Integrated Tax Amount',
          'Central Tax Amount',
          'State/UT Tax Amount',
          'Cess Amount',
        ],
        ...report.hsn.map((row) => [
          row.hsn,
          row.description,
          'NOS-NUMBERS',
          String(row.quantity),
          rupees(row.amount),
          percent(row.rate),
          rupees(row.taxable),
          rupees(row.igst),
          rupees(row.cgst),
          rupees(row.sgst),
          '0.00',
        ]),
      ];
    case 'docs':
      return [
        ['Nature of Document', 'Sr. No. From', 'Sr. No. To', 'Total Number', 'Cancelled'],
        ...report.docs.map((row) => [row.nature, row.from, row.to, String(row.total), String(row.cancelled)]),
      ];
    case 'register':
      return [
        [
          'Document',
          'Number',
          'Date',
          'Place Of Supply',
          'Rate',
          'Taxable Value',
          'Integrated Tax Amount',
          'Central Tax Amount',
          'State/UT Tax Amount',
          'Total Value',
        ],
        ...documents.flatMap((document) =>
          document.lines.map((line) => [
            document.kind === 'invoice' ? 'Invoice' : 'Credit Note',
            document.number,
            dateOf(document.issuedAt),
            placeOfSupplyLabel(document.placeOfSupply),
            percent(line.rate),
            rupees(line.taxable),
            rupees(line.igst),
            rupees(line.cgst),
            rupees(line.sgst),
            rupees(line.amount),
          ]),
        ),
      ];
  }
}

/** The report as CSV: every section under a "# section" row, or one section alone (what the offline tool imports). */
export async function gstReportCsv(db: Database, month: string, section?: GstReportSection): Promise<string> {
  const documents = await monthDocuments(db, month);
  const report = buildGstReport(month, documents);
  const options = { bom: true, escape_formulas: true } as const;
  if (section) return stringify(sectionRows(report, section, documents), options);
  const rows = GST_REPORT_SECTIONS.flatMap((name, index) => [...(index ? [[]] : []), [`# ${name}`], ...sectionRows(report, name, documents)]);
  return stringify(rows, options);
}
