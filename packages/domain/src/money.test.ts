import { describe, expect, it } from 'vitest';
import { discountPercent, formatInr, rupeesToPaise } from './money.ts';

describe('formatInr', () => {
  it('shows rupees with no decimals and Indian digit grouping', () => {
    expect(formatInr(129_999_00)).toBe('₹1,29,999');
    expect(formatInr(49_900)).toBe('₹499');
    expect(formatInr(0)).toBe('₹0');
  });
  it('rounds paise to the nearest rupee', () => {
    expect(formatInr(49_950)).toBe('₹500');
    expect(formatInr(49_949)).toBe('₹499');
  });
});

describe('discountPercent', () => {
  it('is the whole percent off mrp when mrp is above price', () => {
    expect(discountPercent(100_000, 75_000)).toBe(25);
    expect(discountPercent(99_900, 49_900)).toBe(50);
  });
  it('is 0 when there is no discount', () => {
    expect(discountPercent(50_000, 50_000)).toBe(0);
    expect(discountPercent(40_000, 50_000)).toBe(0);
    expect(discountPercent(0, 0)).toBe(0);
  });
});

describe('rupeesToPaise', () => {
  it('converts without floating point drift', () => {
    expect(rupeesToPaise(19.99)).toBe(1999);
    expect(rupeesToPaise(1299)).toBe(129_900);
  });
});
