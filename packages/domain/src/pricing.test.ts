import { describe, expect, it } from 'vitest';
import { couponDiscount, DEFAULT_SHIPPING_RULES, grandTotal, shippingFor } from './pricing.ts';

describe('shippingFor', () => {
  it('is free from ₹499 and ₹150 below it', () => {
    expect(shippingFor(49_900)).toBe(0);
    expect(shippingFor(1_00_000)).toBe(0);
    expect(shippingFor(49_899)).toBe(15_000);
    expect(shippingFor(100)).toBe(15_000);
  });
  it('charges nothing for an empty cart', () => {
    expect(shippingFor(0)).toBe(0);
  });
  it('follows the shop settings when they differ from the defaults', () => {
    expect(shippingFor(90_000, { freeFrom: 99_900, fee: 9_900 })).toBe(9_900);
    expect(DEFAULT_SHIPPING_RULES).toEqual({ freeFrom: 49_900, fee: 15_000 });
  });
});

describe('couponDiscount', () => {
  const fixed = { minimum: 50_000, discount: { type: 'fixed' as const, value: 10_000 } };
  const percent = { minimum: 0, discount: { type: 'percent' as const, value: 12.5 } };
  it('is 0 below the minimum and the fixed value at or above it', () => {
    expect(couponDiscount(49_999, fixed)).toBe(0);
    expect(couponDiscount(50_000, fixed)).toBe(10_000);
  });
  it('gives the total times the percent, rounded to a whole paisa', () => {
    expect(couponDiscount(99_999, percent)).toBe(12_500); // 12,499.875 paise
    expect(couponDiscount(1_001, { minimum: 0, discount: { type: 'percent', value: 10 } })).toBe(100); // 100.1
  });
  it('never gives more than the total', () => {
    expect(couponDiscount(5_000, { minimum: 0, discount: { type: 'fixed', value: 10_000 } })).toBe(5_000);
    expect(couponDiscount(0, percent)).toBe(0);
  });
});

describe('grandTotal', () => {
  it('takes the discount off the items and adds shipping', () => {
    expect(grandTotal(40_000, 5_000, 15_000)).toBe(50_000);
    expect(grandTotal(5_000, 5_000, 15_000)).toBe(15_000);
  });
});
