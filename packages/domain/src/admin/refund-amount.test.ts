import { describe, expect, it } from 'vitest';
import { itemsPaid, linesRefundAmount, paidShare } from './refund-amount.ts';

type Order = Parameters<typeof linesRefundAmount>[0];

/** Refunding units worth `units` at their prices, one refund after another: each refund's amount. */
const oneByOne = (order: Order, units: number[]) => {
  const before = { gross: 0, given: 0 };
  return units.map((gross) => {
    const amount = linesRefundAmount(order, before, gross);
    before.gross += gross;
    before.given += amount;
    return amount;
  });
};
const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);

describe('refund by lines (decision 063)', () => {
  it('takes the online-payment saving off, as the coupon: two lines at ₹500, 10 % saving, ₹900 paid', () => {
    const order = { total: 100_000, discount: 0, prepaidDiscount: 10_000 };
    expect(itemsPaid(order)).toBe(90_000);
    expect(oneByOne(order, [50_000, 50_000])).toEqual([45_000, 45_000]);
  });

  it('shares the coupon and the saving together: ₹800 of lamps, ₹80 coupon, ₹36 saving', () => {
    const order = { total: 80_000, discount: 8_000, prepaidDiscount: 3_600 };
    // 40,000 × 68,400 / 80,000 = 34,200 for one lamp of two.
    expect(linesRefundAmount(order, { gross: 0, given: 0 }, 40_000)).toBe(34_200);
    expect(oneByOne(order, [40_000, 40_000])).toEqual([34_200, 34_200]);
  });

  it('without a coupon or a saving, gives back the prices', () => {
    expect(oneByOne({ total: 60_000, discount: 0, prepaidDiscount: 0 }, [40_000, 20_000])).toEqual([40_000, 20_000]);
  });

  it('adds up to exactly what was paid for the items, in any order, when shares do not divide evenly', () => {
    // Three units at ₹1.01 with a 1-paisa coupon: each share is 100.67 paise. Rounded one at a time they would be
    // 101 + 101 + 101 = 303, a paisa more than the 302 paid, and the last refund would be refused.
    const order = { total: 303, discount: 1, prepaidDiscount: 0 };
    expect(oneByOne(order, [101, 101, 101])).toEqual([101, 100, 101]);
    expect(sum(oneByOne(order, [101, 101, 101]))).toBe(302);
    // Uneven lines in every order, and refunds of several units at once.
    const uneven = { total: 99_997, discount: 3_333, prepaidDiscount: 4_833 };
    const orders = [[33_333, 33_333, 33_331], [33_331, 33_333, 33_333], [66_666, 33_331], [33_331, 66_666], [99_997]];
    for (const units of orders) {
      const amounts = oneByOne(uneven, units);
      expect(sum(amounts)).toBe(itemsPaid(uneven));
      units.forEach((gross, index) => expect(Math.abs(amounts[index]! - (gross * itemsPaid(uneven)) / uneven.total)).toBeLessThanOrEqual(1));
    }
  });

  it('still adds up when a refund failed and its units are refunded again', () => {
    const order = { total: 303, discount: 1, prepaidDiscount: 0 };
    // Units 1 and 2 refunded (101, then 100); the first refund fails, so only the second (100 for 101 of gross) counts.
    const after = linesRefundAmount(order, { gross: 101, given: 100 }, 101);
    expect(after).toBe(101);
    const last = linesRefundAmount(order, { gross: 202, given: 201 }, 101);
    expect(100 + after + last).toBe(302);
  });

  it('stays exact for large orders (past the doubles’ exact integers)', () => {
    // ₹9 crore of items, a ₹1 lakh coupon, a ₹1,000 saving: products of these are above 2^53.
    const order = { total: 9_000_000_000, discount: 10_000_000, prepaidDiscount: 100_000 };
    expect(paidShare(order, order.total)).toBe(itemsPaid(order));
    expect(sum(oneByOne(order, [3_000_000_001, 2_999_999_999, 3_000_000_000]))).toBe(itemsPaid(order));
  });

  it('gives nothing for nothing, and nothing from an order with no items total', () => {
    expect(linesRefundAmount({ total: 10_000, discount: 0, prepaidDiscount: 0 }, { gross: 5_000, given: 5_000 }, 0)).toBe(0);
    expect(paidShare({ total: 0, discount: 0, prepaidDiscount: 0 }, 100)).toBe(0);
    expect(itemsPaid({ total: 10_000, discount: 12_000, prepaidDiscount: 0 })).toBe(0);
  });
});
