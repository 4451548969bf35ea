/**
 * Money is an integer count of paise everywhere but on screen (ARCHITECTURE.md, convention 6).
 * Shown in INR with no decimals and Indian digit grouping: ₹1,29,999.
 */
const inr = new Intl.NumberFormat('en-IN', {
  style: 'currency',
  currency: 'INR',
  minimumFractionDigits: 0,
  maximumFractionDigits: 0,
});

export type Paise = number;

export function formatInr(paise: Paise): string {
  return inr.format(Math.round(paise) / 100);
}

export function rupeesToPaise(rupees: number): Paise {
  return Math.round(rupees * 100);
}

/** Whole percent off the base price; 0 unless mrp is above price (spec §1). */
export function discountPercent(mrp: Paise, price: Paise): number {
  if (!(mrp > price) || mrp <= 0) return 0;
  return Math.floor(((mrp - price) * 100) / mrp);
}
