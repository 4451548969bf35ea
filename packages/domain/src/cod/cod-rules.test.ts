import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  awaitsCodConfirmation,
  codBlockFor,
  confirmationFor,
  confirmDeadline,
  DEFAULT_COD_SETTINGS,
  openCodCap,
  paymentCharges,
  prepaidSaving,
} from './cod-rules.ts';
import { codSettingsOf, codSettingsSchema } from './cod-settings.ts';
import { CASH_ON_DELIVERY, PREPAID } from '../payment.ts';

describe('COD charges', () => {
  const settings = { fee: 4_900, prepaidDiscount: { percent: 10, cap: 5_000 } };

  it('adds the COD fee as its own charge, only to cash on delivery', () => {
    expect(paymentCharges({ total: 30_000, discount: 0, shipping: 15_000, method: CASH_ON_DELIVERY }, settings)).toEqual({
      codFee: 4_900,
      prepaidDiscount: 0,
      grandTotal: 49_900,
    });
    expect(paymentCharges({ total: 30_000, discount: 0, shipping: 15_000, method: CASH_ON_DELIVERY }, { fee: 0, prepaidDiscount: null })).toEqual({
      codFee: 0,
      prepaidDiscount: 0,
      grandTotal: 45_000,
    });
  });

  it('adds gift wrap like shipping: in the total and the COD cash, never reduced by the prepaid saving', () => {
    expect(paymentCharges({ total: 30_000, discount: 0, shipping: 0, giftWrap: 4_900, method: CASH_ON_DELIVERY }, settings).grandTotal).toBe(39_800);
    // 10 % of the items (3,000) is taken off; the wrap's 4,900 is not reduced.
    expect(paymentCharges({ total: 30_000, discount: 0, shipping: 0, giftWrap: 4_900, method: PREPAID }, settings)).toEqual({
      codFee: 0,
      prepaidDiscount: 3_000,
      grandTotal: 31_900,
    });
  });

  it('takes the prepaid saving off the items after the coupon, capped, only for an online payment', () => {
    // 10% of 30,000 - 10,000 = 2,000; shipping is not discounted.
    expect(paymentCharges({ total: 30_000, discount: 10_000, shipping: 15_000, method: PREPAID }, settings)).toEqual({
      codFee: 0,
      prepaidDiscount: 2_000,
      grandTotal: 33_000,
    });
    expect(paymentCharges({ total: 90_000, discount: 0, shipping: 0, method: PREPAID }, settings).prepaidDiscount).toBe(5_000);
    expect(paymentCharges({ total: 90_000, discount: 0, shipping: 0, method: PREPAID }, { fee: 4_900, prepaidDiscount: null })).toEqual({
      codFee: 0,
      prepaidDiscount: 0,
      grandTotal: 90_000,
    });
  });

  it('rounds the saving to a whole paisa and never takes more than the items', () => {
    expect(prepaidSaving(12_345, { percent: 5, cap: 100_000 })).toBe(617);
    expect(prepaidSaving(0, { percent: 5, cap: 100 })).toBe(0);
    fc.assert(
      fc.property(
        fc.nat(10_000_000),
        fc.nat(10_000_000),
        fc.nat(50_000),
        fc.integer({ min: 1, max: 50 }),
        fc.nat(100_000),
        (total, discount, shipping, percent, cap) => {
          const charges = paymentCharges(
            { total, discount: Math.min(discount, total), shipping, method: PREPAID },
            { fee: 0, prepaidDiscount: { percent, cap } },
          );
          expect(Number.isInteger(charges.prepaidDiscount)).toBe(true);
          expect(charges.prepaidDiscount).toBeLessThanOrEqual(cap);
          expect(charges.prepaidDiscount).toBeLessThanOrEqual(total - Math.min(discount, total));
          expect(charges.grandTotal).toBeGreaterThanOrEqual(shipping);
        },
      ),
    );
  });
});

describe('COD refusals and cap', () => {
  const settings = { maxOrderValue: 50_000, blockedPincodes: ['110001'] };
  it('blocks a listed pincode first, then a total over the maximum', () => {
    expect(codBlockFor({ codTotal: 10_000, pincode: '110001' }, settings)).toEqual({ reason: 'pincode', pincode: '110001' });
    expect(codBlockFor({ codTotal: 50_001, pincode: '560001' }, settings)).toEqual({ reason: 'order_value', limit: 50_000 });
    expect(codBlockFor({ codTotal: 50_000, pincode: '560001' }, settings)).toBeNull();
    expect(codBlockFor({ codTotal: 10 ** 9, pincode: '560001' }, { maxOrderValue: null, blockedPincodes: [] })).toBeNull();
  });
  it("uses the shop's open-orders cap, else the server default", () => {
    expect(openCodCap({ maxOpenOrders: 2 }, 3)).toBe(2);
    expect(openCodCap({ maxOpenOrders: null }, 3)).toBe(3);
  });
});

describe('COD confirmation', () => {
  it('asks only cash on delivery, when the shop turned it on', () => {
    expect(confirmationFor(CASH_ON_DELIVERY, { confirmation: 'off' })).toBeNull();
    expect(confirmationFor(CASH_ON_DELIVERY, { confirmation: 'link' })).toBe('link');
    expect(confirmationFor(PREPAID, { confirmation: 'sms_code' })).toBeNull();
  });
  it('holds an order until confirmed', () => {
    expect(awaitsCodConfirmation({ paymentMethod: CASH_ON_DELIVERY, codConfirmation: 'sms_code', codConfirmedAt: null })).toBe(true);
    expect(awaitsCodConfirmation({ paymentMethod: CASH_ON_DELIVERY, codConfirmation: 'sms_code', codConfirmedAt: new Date() })).toBe(false);
    expect(awaitsCodConfirmation({ paymentMethod: CASH_ON_DELIVERY, codConfirmation: null, codConfirmedAt: null })).toBe(false);
  });
  it('cancels after the set hours', () => {
    expect(confirmDeadline(new Date('2026-11-26T10:00:00Z'), { confirmWithinHours: 6 }).toISOString()).toBe('2026-11-26T16:00:00.000Z');
  });
});

describe('COD settings', () => {
  it('validates pincodes and normalises the list', () => {
    const parsed = codSettingsSchema.parse({ ...DEFAULT_COD_SETTINGS, blockedPincodes: ['560001', ' 110001 ', '560001'] });
    expect(parsed.blockedPincodes).toEqual(['110001', '560001']);
    expect(codSettingsSchema.safeParse({ ...DEFAULT_COD_SETTINGS, blockedPincodes: ['56001'] }).success).toBe(false);
    expect(codSettingsSchema.safeParse({ ...DEFAULT_COD_SETTINGS, blockedPincodes: ['012345'] }).success).toBe(false);
  });
  it('reads a stored value control by control, falling back to the default of what is missing or bad', () => {
    expect(codSettingsOf({})).toEqual(DEFAULT_COD_SETTINGS);
    expect(codSettingsOf(null)).toEqual(DEFAULT_COD_SETTINGS);
    expect(codSettingsOf({ fee: 900, confirmation: 'pigeon', confirmWithinHours: 3 })).toEqual({ ...DEFAULT_COD_SETTINGS, fee: 900, confirmWithinHours: 3 });
  });
});
