/**
 * Splits `amount` paise across parts in proportion to their weights, to the paisa, so the shares add up to `amount`
 * exactly: each part gets the floor of its exact share, and the paise left over go one each to the parts with the
 * largest fractions (the earlier part on a tie). BigInt, because amount × weight passes 2^53 on large orders.
 */
export function apportion(amount: number, weights: readonly number[]): number[] {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new Error('apportion: amount must be whole paise, 0 or more');
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (weights.some((weight) => !Number.isSafeInteger(weight) || weight < 0)) throw new Error('apportion: weights must be whole and not negative');
  if (amount === 0) return weights.map(() => 0);
  if (total === 0) throw new Error('apportion: nothing to spread the amount over');
  const big = BigInt(amount);
  const bigTotal = BigInt(total);
  const parts = weights.map((weight, index) => {
    const exact = big * BigInt(weight);
    return { index, share: Number(exact / bigTotal), fraction: exact % bigTotal };
  });
  let left = amount - parts.reduce((sum, part) => sum + part.share, 0);
  const byFraction = [...parts].sort((a, b) => (a.fraction === b.fraction ? a.index - b.index : a.fraction > b.fraction ? -1 : 1));
  for (const part of byFraction) {
    if (left === 0) break;
    part.share += 1;
    left -= 1;
  }
  return parts.map((part) => part.share);
}

/** a / b rounded to the nearest whole number, halves up (a ≥ 0, b > 0), in exact integer arithmetic. */
export function divideRounded(a: bigint, b: bigint): number {
  return Number((2n * a + b) / (2n * b));
}
