import { apportion, divideRounded } from './apportion.ts';

/**
 * A GST tax invoice computed from what the shopper paid (issue 21). Prices in the shop include GST, so the tax is
 * taken out of each line rather than added on:
 *
 * 1. A coupon's discount is apportioned across the item lines in proportion to their value (apportion.ts), before tax:
 *    the taxable value is what was actually charged for each item.
 * 2. Shipping, the cash-on-delivery fee and gift wrap (issue 24) are lines of their own, taxed by the shop's rule: by default at the
 *    highest rate of the items in the order (the usual reading of a composite supply: the charges follow the
 *    principal supply), or at a fixed rate the shop chooses.
 * 3. Each line's inclusive amount A at rate r (basis points, 1800 = 18 %) is split to the paisa, line by line:
 *    inter-state (place of supply ≠ the shop's state): IGST = round(A × r / (10000 + r));
 *    intra-state: CGST = SGST = round(A × r / 2 / (10000 + r));
 *    and the taxable value is the rest, A − tax. So every line adds up to exactly what was charged for it, and the
 *    invoice's total to exactly what was paid; no rounding difference is ever left over.
 */

export type SupplyType = 'intra_state' | 'inter_state';
export type InvoiceLineKind = 'item' | 'shipping' | 'cod_fee' | 'gift_wrap';

/** How shipping and the COD fee are taxed. */
export type ChargeTaxRule = { kind: 'highest_rate' } | { kind: 'fixed_rate'; rate: number };
export const DEFAULT_CHARGE_TAX_RULE: ChargeTaxRule = { kind: 'highest_rate' };

/** SAC 996812: courier services, the class delivery (and collecting cash on it) is invoiced under. */
export const DELIVERY_SAC = '996812';
/**
 * SAC 998540: packaging services. Gift wrap is sold with the goods and never alone (a composite supply whose
 * principal supply is the goods), so it is taxed by the same charge rule as shipping; only its code differs.
 */
export const GIFT_WRAP_SAC = '998540';

export interface InvoiceItemInput {
  description: string;
  /** HSN code of the goods ('' when the product has none). */
  hsn: string;
  /** GST rate in basis points (300 = 3 %). */
  rate: number;
  /** Paise per unit, tax included, as the shopper saw it. */
  unitPrice: number;
  quantity: number;
}

export interface InvoiceInput {
  items: InvoiceItemInput[];
  /** The coupon's discount on the items, paise. */
  discount: number;
  shipping: number;
  codFee: number;
  /** The gift-wrap line (issue 24), paise; 0 or absent when not wrapped. */
  giftWrap?: number;
  chargeRule?: ChargeTaxRule;
  /** GST state codes (states.ts): the shop's registration and the place of supply (the shipping address's state). */
  supplierStateCode: string;
  placeOfSupplyCode: string;
}

/** The tax parts of an amount: together they add up to `amount`. */
export interface TaxSplit {
  amount: number;
  taxable: number;
  cgst: number;
  sgst: number;
  igst: number;
}

export interface InvoiceLine extends TaxSplit {
  kind: InvoiceLineKind;
  description: string;
  hsn: string;
  rate: number;
  quantity: number;
  /** Paise per unit before the coupon, tax included. */
  unitPrice: number;
  /** unitPrice × quantity. */
  gross: number;
  /** This line's share of the coupon. */
  discount: number;
}

export interface RateTotal extends Omit<TaxSplit, 'amount'> {
  rate: number;
  amount: number;
}

export interface InvoiceComputation extends TaxSplit {
  supplyType: SupplyType;
  lines: InvoiceLine[];
  /** One row per rate, lowest first: the "tax by rate" table of the invoice and the report. */
  byRate: RateTotal[];
}

export function supplyTypeOf(supplierStateCode: string, placeOfSupplyCode: string): SupplyType {
  return supplierStateCode === placeOfSupplyCode ? 'intra_state' : 'inter_state';
}

/** Splits an inclusive amount at a rate into taxable value and tax, to the paisa (rule 3 above). */
export function splitInclusive(amount: number, rate: number, supplyType: SupplyType): TaxSplit {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new Error('an amount is whole paise, 0 or more');
  if (!Number.isInteger(rate) || rate < 0 || rate > 10_000) throw new Error('a rate is whole basis points from 0 to 10000');
  const a = BigInt(amount);
  if (supplyType === 'inter_state') {
    const igst = divideRounded(a * BigInt(rate), BigInt(10_000 + rate));
    return { amount, taxable: amount - igst, cgst: 0, sgst: 0, igst };
  }
  const half = divideRounded(a * BigInt(rate), 2n * BigInt(10_000 + rate));
  return { amount, taxable: amount - 2 * half, cgst: half, sgst: half, igst: 0 };
}

export function chargeRate(items: readonly Pick<InvoiceItemInput, 'rate'>[], rule: ChargeTaxRule = DEFAULT_CHARGE_TAX_RULE): number {
  return rule.kind === 'fixed_rate' ? rule.rate : items.reduce((highest, item) => Math.max(highest, item.rate), 0);
}

/** Adds up the tax parts of lines. */
export function sumSplits(lines: readonly TaxSplit[]): TaxSplit {
  return lines.reduce(
    (sum, line) => ({
      amount: sum.amount + line.amount,
      taxable: sum.taxable + line.taxable,
      cgst: sum.cgst + line.cgst,
      sgst: sum.sgst + line.sgst,
      igst: sum.igst + line.igst,
    }),
    { amount: 0, taxable: 0, cgst: 0, sgst: 0, igst: 0 },
  );
}

/** Totals per rate, lowest rate first. */
export function totalsByRate(lines: readonly (TaxSplit & { rate: number })[]): RateTotal[] {
  const byRate = new Map<number, TaxSplit[]>();
  for (const line of lines) byRate.set(line.rate, [...(byRate.get(line.rate) ?? []), line]);
  return [...byRate.entries()].sort(([a], [b]) => a - b).map(([rate, group]) => ({ rate, ...sumSplits(group) }));
}

export function computeInvoice(input: InvoiceInput): InvoiceComputation {
  if (input.items.length === 0) throw new Error('an invoice needs at least one item');
  for (const item of input.items) {
    if (!Number.isSafeInteger(item.unitPrice) || item.unitPrice < 0) throw new Error('a unit price is whole paise, 0 or more');
    if (!Number.isSafeInteger(item.quantity) || item.quantity < 1) throw new Error('a quantity is a whole number, 1 or more');
  }
  for (const charge of [input.discount, input.shipping, input.codFee, input.giftWrap ?? 0]) {
    if (!Number.isSafeInteger(charge) || charge < 0) throw new Error('a discount or charge is whole paise, 0 or more');
  }
  const supplyType = supplyTypeOf(input.supplierStateCode, input.placeOfSupplyCode);
  const grosses = input.items.map((item) => item.unitPrice * item.quantity);
  if (input.discount > grosses.reduce((sum, gross) => sum + gross, 0)) throw new Error('the discount is more than the items cost');
  const shares = apportion(input.discount, grosses);
  const lines: InvoiceLine[] = input.items.map((item, index) => {
    const gross = grosses[index]!;
    const discount = shares[index]!;
    return {
      kind: 'item',
      description: item.description,
      hsn: item.hsn,
      rate: item.rate,
      quantity: item.quantity,
      unitPrice: item.unitPrice,
      gross,
      discount,
      ...splitInclusive(gross - discount, item.rate, supplyType),
    };
  });
  const rate = chargeRate(input.items, input.chargeRule);
  const charge = (kind: InvoiceLineKind, description: string, amount: number, hsn = DELIVERY_SAC): InvoiceLine => ({
    kind,
    description,
    hsn,
    rate,
    quantity: 1,
    unitPrice: amount,
    gross: amount,
    discount: 0,
    ...splitInclusive(amount, rate, supplyType),
  });
  if (input.shipping > 0) lines.push(charge('shipping', 'Shipping charges', input.shipping));
  if (input.codFee > 0) lines.push(charge('cod_fee', 'Cash on delivery fee', input.codFee));
  if ((input.giftWrap ?? 0) > 0) lines.push(charge('gift_wrap', 'Gift wrap', input.giftWrap!, GIFT_WRAP_SAC));
  return { supplyType, lines, byRate: totalsByRate(lines), ...sumSplits(lines) };
}
