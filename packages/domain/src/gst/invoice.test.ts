import { describe, expect, it } from 'vitest';
import { apportion } from './apportion.ts';
import { computeCreditNote, remainingToCredit } from './credit-note.ts';
import { computeInvoice, splitInclusive } from './invoice.ts';

/*
 * Every figure below is worked out by hand (in the comments), not by the code under test. Paise throughout;
 * MH = Maharashtra (27, the shop's state in these cases), KA = Karnataka (29).
 */
const MH = '27';
const KA = '29';

describe('invoice computation', () => {
  it('intra-state, one line: ₹1,180 at 18 % is ₹1,000 + CGST ₹90 + SGST ₹90', () => {
    const invoice = computeInvoice({
      items: [{ description: 'Brass diya', hsn: '7419', rate: 1800, unitPrice: 118_000, quantity: 1 }],
      discount: 0,
      shipping: 0,
      codFee: 0,
      supplierStateCode: MH,
      placeOfSupplyCode: MH,
    });
    // CGST = round(118000 × 1800 / 2 / 11800) = 9000; taxable = 118000 − 2 × 9000 = 100000.
    expect(invoice.supplyType).toBe('intra_state');
    expect(invoice.lines).toEqual([
      expect.objectContaining({ kind: 'item', hsn: '7419', gross: 118_000, discount: 0, amount: 118_000, taxable: 100_000, cgst: 9_000, sgst: 9_000, igst: 0 }),
    ]);
    expect(invoice).toMatchObject({ amount: 118_000, taxable: 100_000, cgst: 9_000, sgst: 9_000, igst: 0 });
  });

  it('inter-state, two lines, a 10 % coupon apportioned before tax', () => {
    const invoice = computeInvoice({
      items: [
        { description: 'Wooden name plate', hsn: '4421', rate: 1200, unitPrice: 49_900, quantity: 2 },
        { description: 'Cushion cover', hsn: '6304', rate: 500, unitPrice: 29_900, quantity: 1 },
      ],
      // 10 % of 99800 + 29900 = 129700 → 12970
      discount: 12_970,
      shipping: 0,
      codFee: 0,
      supplierStateCode: MH,
      placeOfSupplyCode: KA,
    });
    // Coupon shares: 12970 × 99800/129700 = 9980, 12970 × 29900/129700 = 2990.
    // Plate: 99800 − 9980 = 89820; IGST = round(89820 × 1200 / 11200) = round(9623.57) = 9624; taxable 80196.
    // Cover: 29900 − 2990 = 26910; IGST = round(26910 × 500 / 10500) = round(1281.43) = 1281; taxable 25629.
    expect(invoice.supplyType).toBe('inter_state');
    expect(invoice.lines.map(({ discount, amount, taxable, cgst, sgst, igst }) => ({ discount, amount, taxable, cgst, sgst, igst }))).toEqual([
      { discount: 9_980, amount: 89_820, taxable: 80_196, cgst: 0, sgst: 0, igst: 9_624 },
      { discount: 2_990, amount: 26_910, taxable: 25_629, cgst: 0, sgst: 0, igst: 1_281 },
    ]);
    // Paid: 129700 − 12970 = 116730.
    expect(invoice).toMatchObject({ amount: 116_730, taxable: 105_825, igst: 10_905, cgst: 0, sgst: 0 });
  });

  it('mixed rates (3, 12 and 18 %) are totalled per rate', () => {
    const invoice = computeInvoice({
      items: [
        { description: 'Silver ring', hsn: '7113', rate: 300, unitPrice: 103_000, quantity: 1 },
        { description: 'Photo frame', hsn: '4414', rate: 1200, unitPrice: 56_000, quantity: 1 },
        { description: 'Greeting card', hsn: '4909', rate: 1800, unitPrice: 11_800, quantity: 2 },
      ],
      discount: 0,
      shipping: 0,
      codFee: 0,
      supplierStateCode: MH,
      placeOfSupplyCode: MH,
    });
    // 3 %: CGST = 103000 × 300 / 20600 = 1500; taxable 100000.  12 %: 56000 × 1200 / 22400 = 3000; taxable 50000.
    // 18 %: 23600 × 1800 / 23600 = 1800; taxable 20000.
    expect(invoice.byRate).toEqual([
      { rate: 300, amount: 103_000, taxable: 100_000, cgst: 1_500, sgst: 1_500, igst: 0 },
      { rate: 1200, amount: 56_000, taxable: 50_000, cgst: 3_000, sgst: 3_000, igst: 0 },
      { rate: 1800, amount: 23_600, taxable: 20_000, cgst: 1_800, sgst: 1_800, igst: 0 },
    ]);
    expect(invoice).toMatchObject({ amount: 182_600, taxable: 170_000, cgst: 6_300, sgst: 6_300 });
  });

  it('taxes shipping and the COD fee at the highest rate in the order by default, or at the shop’s fixed rate', () => {
    const input = {
      items: [{ description: 'Pen stand', hsn: '4420', rate: 1200, unitPrice: 39_900, quantity: 1 }],
      discount: 0,
      shipping: 15_000,
      codFee: 5_000,
      supplierStateCode: MH,
      placeOfSupplyCode: KA,
    };
    const invoice = computeInvoice(input);
    // Item: 39900 × 1200/11200 = 4275 → taxable 35625. Shipping at 12 %: round(1607.14) = 1607 → 13393.
    // COD fee at 12 %: round(535.71) = 536 → 4464. Paid 39900 + 15000 + 5000 = 59900.
    expect(invoice.lines.map(({ kind, hsn, rate, amount, taxable, igst }) => ({ kind, hsn, rate, amount, taxable, igst }))).toEqual([
      { kind: 'item', hsn: '4420', rate: 1200, amount: 39_900, taxable: 35_625, igst: 4_275 },
      { kind: 'shipping', hsn: '996812', rate: 1200, amount: 15_000, taxable: 13_393, igst: 1_607 },
      { kind: 'cod_fee', hsn: '996812', rate: 1200, amount: 5_000, taxable: 4_464, igst: 536 },
    ]);
    expect(invoice).toMatchObject({ amount: 59_900, taxable: 53_482, igst: 6_418 });

    const fixed = computeInvoice({ ...input, chargeRule: { kind: 'fixed_rate', rate: 1800 } });
    // Shipping at 18 %: round(15000 × 1800 / 11800) = round(2288.14) = 2288 → 12712; COD: round(762.71) = 763 → 4237.
    expect(fixed.lines.slice(1).map(({ rate, taxable, igst }) => ({ rate, taxable, igst }))).toEqual([
      { rate: 1800, taxable: 12_712, igst: 2_288 },
      { rate: 1800, taxable: 4_237, igst: 763 },
    ]);
    expect(fixed.amount).toBe(59_900);
  });

  it('puts gift wrap on a line of its own (SAC 998540) at the charges’ rate, so the invoice still totals what was paid', () => {
    const invoice = computeInvoice({
      items: [{ description: 'Pen stand', hsn: '4420', rate: 1200, unitPrice: 39_900, quantity: 1 }],
      discount: 0,
      shipping: 0,
      codFee: 0,
      giftWrap: 5_000,
      supplierStateCode: MH,
      placeOfSupplyCode: MH,
    });
    // Wrap at 12 % intra-state: CGST = SGST = round(5000 × 1200 / 2 / 11200) = round(267.86) = 268 → taxable 4464.
    expect(invoice.lines[1]).toMatchObject({
      kind: 'gift_wrap',
      description: 'Gift wrap',
      hsn: '998540',
      rate: 1200,
      amount: 5_000,
      taxable: 4_464,
      cgst: 268,
      sgst: 268,
    });
    // Paid 39900 + 5000 = 44900.
    expect(invoice.amount).toBe(44_900);
    expect(computeInvoice({ ...invoiceWithoutWrap(), giftWrap: 0 }).lines.map((line) => line.kind)).toEqual(['item']);
  });

  it('rounds per line, so a paisa never goes missing (₹0.01 edges)', () => {
    const invoice = computeInvoice({
      items: [
        { description: 'Sticker A', hsn: '4911', rate: 1800, unitPrice: 101, quantity: 1 },
        { description: 'Sticker B', hsn: '4911', rate: 1800, unitPrice: 101, quantity: 1 },
        { description: 'Sticker C', hsn: '4911', rate: 1800, unitPrice: 101, quantity: 1 },
        { description: 'Thread', hsn: '5204', rate: 500, unitPrice: 1, quantity: 1 },
      ],
      discount: 0,
      shipping: 0,
      codFee: 0,
      supplierStateCode: MH,
      placeOfSupplyCode: MH,
    });
    // ₹1.01 at 18 %: CGST = round(101 × 1800 / 23600) = round(7.70) = 8, SGST 8, taxable 85 (85 + 16 = 101).
    // Computed once on the 303 paise total it would be round(23.11) = 23 each: a paisa per tax off from the lines.
    // ₹0.01 at 5 %: CGST = round(1 × 500 / 21000) = 0; taxable 1.
    expect(invoice.lines.map(({ taxable, cgst, sgst }) => [taxable, cgst, sgst])).toEqual([
      [85, 8, 8],
      [85, 8, 8],
      [85, 8, 8],
      [1, 0, 0],
    ]);
    expect(invoice).toMatchObject({ amount: 304, taxable: 256, cgst: 24, sgst: 24 });
    // An odd tax stays split evenly: the residue goes to the taxable value. ₹1.00 at 5 %: round(100 × 500 / 21000) = 2.
    expect(splitInclusive(100, 500, 'intra_state')).toEqual({ amount: 100, taxable: 96, cgst: 2, sgst: 2, igst: 0 });
    expect(splitInclusive(100, 500, 'inter_state')).toEqual({ amount: 100, taxable: 95, cgst: 0, sgst: 0, igst: 5 });
  });

  it('refuses what cannot be invoiced', () => {
    const base = { discount: 0, shipping: 0, codFee: 0, supplierStateCode: MH, placeOfSupplyCode: MH };
    expect(() => computeInvoice({ ...base, items: [] })).toThrow();
    expect(() => computeInvoice({ ...base, items: [{ description: 'x', hsn: '', rate: 500, unitPrice: 100, quantity: 0 }] })).toThrow();
    expect(() => computeInvoice({ ...base, discount: 101, items: [{ description: 'x', hsn: '', rate: 500, unitPrice: 100, quantity: 1 }] })).toThrow();
  });
});

describe('credit notes', () => {
  const invoice = computeInvoice({
    items: [
      { description: 'Wooden name plate', hsn: '4421', rate: 1200, unitPrice: 49_900, quantity: 2 },
      { description: 'Cushion cover', hsn: '6304', rate: 500, unitPrice: 29_900, quantity: 1 },
    ],
    discount: 12_970,
    shipping: 0,
    codFee: 0,
    supplierStateCode: MH,
    placeOfSupplyCode: KA,
  });

  it('a full credit note repeats the invoice', () => {
    const note = computeCreditNote(remainingToCredit(invoice.lines, []), invoice.supplyType, invoice.amount);
    expect(note).toMatchObject({ amount: 116_730, taxable: 105_825, igst: 10_905 });
    expect(note.lines.map((line) => [line.position, line.amount, line.taxable, line.igst])).toEqual([
      [0, 89_820, 80_196, 9_624],
      [1, 26_910, 25_629, 1_281],
    ]);
  });

  it('a partial refund of ₹500 is spread over the lines, and the rest credited later adds up to the invoice', () => {
    const partial = computeCreditNote(remainingToCredit(invoice.lines, []), invoice.supplyType, 50_000);
    // Shares of 50000 by 89820 : 26910 → 38473.40 and 11526.60 → floors 38473 + 11526 = 49999, the paisa left goes
    // to the larger fraction (the cover): 38473 and 11527.
    // Plate: IGST = round(38473 × 1200 / 11200) = round(4122.11) = 4122 → taxable 34351.
    // Cover: IGST = round(11527 × 500 / 10500) = round(548.90) = 549 → taxable 10978.
    expect(partial.lines.map((line) => [line.position, line.amount, line.taxable, line.igst])).toEqual([
      [0, 38_473, 34_351, 4_122],
      [1, 11_527, 10_978, 549],
    ]);
    expect(partial).toMatchObject({ amount: 50_000, taxable: 45_329, igst: 4_671 });

    const rest = computeCreditNote(remainingToCredit(invoice.lines, [partial.lines]), invoice.supplyType, 66_730);
    // What was left: plate 89820 − 38473 = 51347 (IGST 9624 − 4122 = 5502), cover 26910 − 11527 = 15383 (1281 − 549 = 732).
    expect(rest.lines.map((line) => [line.amount, line.taxable, line.igst])).toEqual([
      [51_347, 45_845, 5_502],
      [15_383, 14_651, 732],
    ]);
    expect(partial.igst + rest.igst).toBe(invoice.igst);
    expect(partial.taxable + rest.taxable).toBe(invoice.taxable);
    expect(() => computeCreditNote(remainingToCredit(invoice.lines, [partial.lines, rest.lines]), invoice.supplyType, 1)).toThrow();
  });

  it("a refund of one item is credited on that item's line, at its own rate, and the rest of the invoice later", () => {
    // The cushion cover (5 %) refunded: ₹269.10 paid for it. Aimed at its line, the note carries the 5 % tax only.
    const remaining = remainingToCredit(invoice.lines, []);
    const cover = computeCreditNote(remaining, invoice.supplyType, 26_910, [0, 26_910]);
    expect(cover.lines.map((line) => [line.position, line.rate, line.amount, line.taxable, line.igst])).toEqual([[1, 500, 26_910, 25_629, 1_281]]);
    // An amount the targets do not cover spills over what is left, in proportion, as an untargeted note does.
    const more = computeCreditNote(remaining, invoice.supplyType, 36_910, [0, 26_910]);
    expect(more.lines.map((line) => [line.position, line.amount])).toEqual([
      [0, 10_000],
      [1, 26_910],
    ]);
    // Less than its target: only the aimed line, never past what is left of it.
    const part = computeCreditNote(remaining, invoice.supplyType, 10_000, [0, 99_999]);
    expect(part.lines.map((line) => [line.position, line.amount])).toEqual([[1, 10_000]]);
    const rest = computeCreditNote(remainingToCredit(invoice.lines, [cover.lines]), invoice.supplyType, 89_820);
    expect(cover.igst + rest.igst).toBe(invoice.igst);
    expect(() => computeCreditNote(remaining, invoice.supplyType, 100, [1])).toThrow();
  });
});

describe('apportion', () => {
  it('gives out every paisa, leftovers to the largest fractions', () => {
    expect(apportion(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(apportion(10, [3, 7])).toEqual([3, 7]);
    expect(apportion(0, [0, 0])).toEqual([0, 0]);
    expect(apportion(7, [0, 5])).toEqual([0, 7]);
    expect(apportion(1_000_000_000, [999_999_999, 1])).toEqual([999_999_999, 1]);
  });
});

function invoiceWithoutWrap() {
  return {
    items: [{ description: 'Pen stand', hsn: '4420', rate: 1200, unitPrice: 39_900, quantity: 1 }],
    discount: 0,
    shipping: 0,
    codFee: 0,
    supplierStateCode: MH,
    placeOfSupplyCode: MH,
  };
}
