import { describe, expect, it } from 'vitest';
import { buildGstReport, monthBounds, placeOfSupplyLabel, type ReportDocument, reportMonthSchema } from './report.ts';

const line = (hsn: string, rate: number, quantity: number, amount: number, taxable: number, tax: { cgst?: number; sgst?: number; igst?: number }) => ({
  hsn,
  description: `Goods ${hsn}`,
  rate,
  quantity,
  amount,
  taxable,
  cgst: tax.cgst ?? 0,
  sgst: tax.sgst ?? 0,
  igst: tax.igst ?? 0,
});

const at = (day: number) => new Date(`2026-04-${String(day).padStart(2, '0')}T10:00:00+05:30`);

describe('GST report (GSTR-1 shape)', () => {
  const documents: ReportDocument[] = [
    // Intra-state (Maharashtra 27): ₹1,180 at 18 %.
    {
      kind: 'invoice',
      number: 'KG/2627/00001',
      sequence: 1,
      issuedAt: at(2),
      placeOfSupply: '27',
      supplyType: 'intra_state',
      amount: 118_000,
      lines: [line('9405', 1800, 1, 118_000, 100_000, { cgst: 9_000, sgst: 9_000 })],
    },
    // Inter-state (Karnataka 29): ₹560 at 12 % and ₹1,030 at 3 %.
    {
      kind: 'invoice',
      number: 'KG/2627/00002',
      sequence: 2,
      issuedAt: at(3),
      placeOfSupply: '29',
      supplyType: 'inter_state',
      amount: 159_000,
      lines: [line('4414', 1200, 1, 56_000, 50_000, { igst: 6_000 }), line('7113', 300, 1, 103_000, 100_000, { igst: 3_000 })],
    },
    // A B2C Large invoice: inter-state above ₹1,00,000 (₹1,18,000 at 18 %).
    {
      kind: 'invoice',
      number: 'KG/2627/00003',
      sequence: 3,
      issuedAt: at(4),
      placeOfSupply: '29',
      supplyType: 'inter_state',
      amount: 118_000_00,
      lines: [line('9405', 1800, 10, 118_000_00, 100_000_00, { igst: 18_000_00 })],
    },
    // The frame (₹560) credited in full.
    {
      kind: 'credit_note',
      number: 'KGC/2627/00001',
      sequence: 1,
      issuedAt: at(5),
      placeOfSupply: '29',
      supplyType: 'inter_state',
      amount: 56_000,
      invoiceAmount: 159_000,
      lines: [line('4414', 1200, 1, 56_000, 50_000, { igst: 6_000 })],
    },
  ];
  const report = buildGstReport('2026-04', documents);

  it('sums B2C small by place of supply and rate, net of credit notes, without B2C large', () => {
    expect(report.b2cs).toEqual([
      { placeOfSupply: '27', rate: 1800, taxable: 100_000, cgst: 9_000, sgst: 9_000, igst: 0 },
      { placeOfSupply: '29', rate: 300, taxable: 100_000, cgst: 0, sgst: 0, igst: 3_000 },
      { placeOfSupply: '29', rate: 1200, taxable: 0, cgst: 0, sgst: 0, igst: 0 },
    ]);
    expect(report.b2cl.map((document) => document.number)).toEqual(['KG/2627/00003']);
  });

  it('summarises by HSN and rate, and lists the series used', () => {
    expect(report.hsn).toEqual([
      { hsn: '4414', description: 'Goods 4414', rate: 1200, quantity: 0, amount: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 },
      { hsn: '7113', description: 'Goods 7113', rate: 300, quantity: 1, amount: 103_000, taxable: 100_000, cgst: 0, sgst: 0, igst: 3_000 },
      { hsn: '9405', description: 'Goods 9405', rate: 1800, quantity: 11, amount: 119_18_000, taxable: 101_00_000, cgst: 9_000, sgst: 9_000, igst: 18_000_00 },
    ]);
    expect(report.docs).toEqual([
      { nature: 'Invoices for outward supply', from: 'KG/2627/00001', to: 'KG/2627/00003', total: 3, cancelled: 0 },
      { nature: 'Credit Note', from: 'KGC/2627/00001', to: 'KGC/2627/00001', total: 1, cancelled: 0 },
    ]);
  });

  it('totals by rate for invoices, credit notes and net', () => {
    expect(report.invoices.count).toBe(3);
    expect(report.invoices.total).toEqual({ amount: 120_77_000, taxable: 102_50_000, cgst: 9_000, sgst: 9_000, igst: 18_09_000 });
    expect(report.creditNotes.total).toEqual({ amount: 56_000, taxable: 50_000, cgst: 0, sgst: 0, igst: 6_000 });
    expect(report.net.byRate.find((rate) => rate.rate === 1200)).toEqual({ rate: 1200, amount: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 });
    expect(report.net.total.amount).toBe(120_77_000 - 56_000);
  });

  it('bounds a month in India time and labels places of supply', () => {
    expect(monthBounds('2026-03')).toEqual({ from: new Date('2026-02-28T18:30:00Z'), to: new Date('2026-03-31T18:30:00Z') });
    expect(monthBounds('2026-12').to).toEqual(new Date('2026-12-31T18:30:00Z'));
    expect(placeOfSupplyLabel('29')).toBe('29-Karnataka');
    expect(['2026-04', '2017-07', '2099-12'].map((month) => reportMonthSchema.safeParse(month).success)).toEqual([true, true, true]);
    expect(['9999-12', '2016-05', '2026-13', '2026-4', ''].map((month) => reportMonthSchema.safeParse(month).success)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
