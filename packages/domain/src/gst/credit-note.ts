import { apportion } from './apportion.ts';
import { type InvoiceLine, type RateTotal, splitInclusive, sumSplits, type SupplyType, type TaxSplit, totalsByRate } from './invoice.ts';

/**
 * A credit note against an invoice (issue 21): money given back for a cancelled or refunded order, with the tax it
 * carried. A full credit note repeats what is left of the invoice line by line; a partial one (a partial refund)
 * spreads the amount over the lines in proportion to what is left of each (apportion.ts) and takes the tax out of
 * each share as the invoice did (invoice.ts, rule 3). A line credited to its end gets exactly its remaining taxable
 * value and tax, so the credit notes of an invoice add up to it to the paisa however many there are.
 */

/** What is left to credit of one invoice line. */
export interface CreditableLine extends TaxSplit {
  /** The invoice line's index. */
  position: number;
  description: string;
  hsn: string;
  rate: number;
}

export type CreditNoteLine = CreditableLine;

export interface CreditNoteComputation extends TaxSplit {
  supplyType: SupplyType;
  lines: CreditNoteLine[];
  byRate: RateTotal[];
}

/** The invoice's lines minus what earlier credit notes took from each. */
export function remainingToCredit(invoiceLines: readonly InvoiceLine[], earlier: readonly (readonly CreditNoteLine[])[]): CreditableLine[] {
  return invoiceLines.map((line, position) => {
    const taken = sumSplits(earlier.flatMap((note) => note.filter((credited) => credited.position === position)));
    return {
      position,
      description: line.description,
      hsn: line.hsn,
      rate: line.rate,
      amount: line.amount - taken.amount,
      taxable: line.taxable - taken.taxable,
      cgst: line.cgst - taken.cgst,
      sgst: line.sgst - taken.sgst,
      igst: line.igst - taken.igst,
    };
  });
}

/**
 * A share of a line split as the invoice split it, kept within what is left of the line: after earlier partial notes
 * rounded their way, a share's own rounding could otherwise take a paisa more tax (or taxable value) than the line has
 * left, and the last note would give back a negative one (found by invoice.property.test.ts). The tax is held between
 * what the share must carry (share − remaining taxable) and what is left of it; CGST and SGST stay equal unless the
 * remaining paise forbid it.
 */
function withinRemaining(share: number, line: CreditableLine, supplyType: SupplyType): TaxSplit {
  const ideal = splitInclusive(share, line.rate, supplyType);
  const leftTax = line.cgst + line.sgst + line.igst;
  const tax = Math.min(Math.max(ideal.cgst + ideal.sgst + ideal.igst, share - line.taxable, 0), leftTax, share);
  if (supplyType === 'inter_state') return { amount: share, taxable: share - tax, cgst: 0, sgst: 0, igst: tax };
  let cgst = Math.min(line.cgst, Math.ceil(tax / 2));
  let sgst = tax - cgst;
  if (sgst > line.sgst) {
    sgst = line.sgst;
    cgst = tax - sgst;
  }
  return { amount: share, taxable: share - tax, cgst, sgst, igst: 0 };
}

/**
 * How much of `amount` each remaining line takes. Without targets, in proportion to what is left of each line. With
 * `targets` (paise per remaining line that the refunds being credited gave back for that line's items: a refund by
 * lines names its items), those lines are credited first, in proportion to their targets, so a partial refund of one
 * item carries that item's own GST rate and HSN code rather than a slice of every line's. What the targets do not
 * cover (a refund by amount, or a target already credited) is spread over what is left, as without them.
 */
function creditShares(remaining: readonly CreditableLine[], amount: number, targets?: readonly number[]): number[] {
  const left = remaining.map((line) => line.amount);
  if (!targets) return apportion(amount, left);
  const aimed = remaining.map((line, index) => Math.min(line.amount, Math.max(0, Math.trunc(targets[index] ?? 0))));
  const aimedTotal = aimed.reduce((sum, share) => sum + share, 0);
  if (aimedTotal >= amount) return apportion(amount, aimed);
  const rest = apportion(
    amount - aimedTotal,
    left.map((lineLeft, index) => lineLeft - aimed[index]!),
  );
  return aimed.map((share, index) => share + rest[index]!);
}

/**
 * A credit note of `amount` paise (at most what is left) over the remaining lines; lines it does not touch are left
 * out. `targets` (optional, one per remaining line) aims it at the lines a refund was for (creditShares).
 */
export function computeCreditNote(
  remaining: readonly CreditableLine[],
  supplyType: SupplyType,
  amount: number,
  targets?: readonly number[],
): CreditNoteComputation {
  const left = remaining.reduce((sum, line) => sum + line.amount, 0);
  if (!Number.isSafeInteger(amount) || amount <= 0) throw new Error('a credit note is for 1 paisa or more');
  if (amount > left) throw new Error('a credit note cannot give back more than is left of the invoice');
  if (targets && targets.length !== remaining.length) throw new Error('a credit note needs one target per remaining line');
  const shares = creditShares(remaining, amount, targets);
  const lines: CreditNoteLine[] = [];
  remaining.forEach((line, index) => {
    const share = shares[index]!;
    if (share === 0) return;
    const split =
      share === line.amount
        ? { amount: line.amount, taxable: line.taxable, cgst: line.cgst, sgst: line.sgst, igst: line.igst }
        : withinRemaining(share, line, supplyType);
    lines.push({ position: line.position, description: line.description, hsn: line.hsn, rate: line.rate, ...split });
  });
  return { supplyType, lines, byRate: totalsByRate(lines), ...sumSplits(lines) };
}
