import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { computeCreditNote, type CreditNoteLine, remainingToCredit } from './credit-note.ts';
import { computeInvoice } from './invoice.ts';

const rate = fc.constantFrom(0, 25, 300, 500, 1200, 1800, 2800);
const item = fc.record({
  description: fc.constant('x'),
  hsn: fc.constant('9405'),
  rate,
  unitPrice: fc.integer({ min: 1, max: 5_00_000_00 }),
  quantity: fc.integer({ min: 1, max: 20 }),
});
const order = fc
  .record({
    items: fc.array(item, { minLength: 1, maxLength: 6 }),
    discountShare: fc.double({ min: 0, max: 1, noNaN: true }),
    shipping: fc.integer({ min: 0, max: 50_000 }),
    codFee: fc.integer({ min: 0, max: 10_000 }),
    intra: fc.boolean(),
  })
  .map(({ items, discountShare, shipping, codFee, intra }) => {
    const gross = items.reduce((sum, line) => sum + line.unitPrice * line.quantity, 0);
    return { items, discount: Math.floor(gross * discountShare), shipping, codFee, supplierStateCode: '27', placeOfSupplyCode: intra ? '27' : '29', gross };
  });

describe('invoice and credit note properties', () => {
  it('every invoice totals exactly what was paid, line by line, with no negative part', () => {
    fc.assert(
      fc.property(order, (input) => {
        const invoice = computeInvoice(input);
        expect(invoice.amount).toBe(input.gross - input.discount + input.shipping + input.codFee);
        for (const line of invoice.lines) {
          expect(line.taxable + line.cgst + line.sgst + line.igst).toBe(line.amount);
          expect(Math.min(line.taxable, line.cgst, line.sgst, line.igst)).toBeGreaterThanOrEqual(0);
          expect(line.cgst).toBe(line.sgst);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('any run of partial credit notes then the rest adds up to the invoice, never crediting a line below zero', () => {
    // Each partial note aimed at random lines with random targets, or not aimed (targets null), as refunds by lines and
    // by amount mix.
    const aim = fc.option(fc.array(fc.integer({ min: 0, max: 5_00_000_00 }), { minLength: 12, maxLength: 12 }));
    fc.assert(
      fc.property(order, fc.array(fc.tuple(fc.double({ min: 0.01, max: 0.9, noNaN: true }), aim), { maxLength: 4 }), (input, shares) => {
        const invoice = computeInvoice(input);
        const notes: CreditNoteLine[][] = [];
        for (const [share, targets] of shares) {
          const remaining = remainingToCredit(invoice.lines, notes);
          const left = remaining.reduce((sum, line) => sum + line.amount, 0);
          const amount = Math.floor(left * share);
          if (amount > 0) notes.push(computeCreditNote(remaining, invoice.supplyType, amount, targets?.slice(0, remaining.length)).lines);
        }
        const left = remainingToCredit(invoice.lines, notes);
        for (const line of left) expect(Math.min(line.amount, line.taxable, line.cgst, line.sgst, line.igst), JSON.stringify(line)).toBeGreaterThanOrEqual(0);
        const rest = left.reduce((sum, line) => sum + line.amount, 0);
        if (rest > 0) notes.push(computeCreditNote(left, invoice.supplyType, rest).lines);
        const all = notes.flat();
        for (const key of ['amount', 'taxable', 'cgst', 'sgst', 'igst'] as const) expect(all.reduce((sum, line) => sum + line[key], 0)).toBe(invoice[key]);
      }),
      { numRuns: 300 },
    );
  });
});
