import { describe, expect, it } from 'vitest';
import { couponFromForm, couponToForm, emptyCoupon } from './coupon-form';

describe('coupon form', () => {
  it('turns rupees into paise, empty limits into null and local times into ISO instants', () => {
    const result = couponFromForm({
      ...emptyCoupon,
      code: 'flat75',
      type: 'fixed',
      value: '75.50',
      minimum: '1,499',
      startsAt: '2026-12-01T10:00',
      maxUses: '',
      maxUsesPerCustomer: '2',
    });
    expect(result.errors).toBeNull();
    expect(result.body).toMatchObject({ code: 'FLAT75', value: 7_550, minimum: 149_900, maxUses: null, maxUsesPerCustomer: 2, endsAt: null });
    expect((result.body as { startsAt: string }).startsAt).toBe(new Date('2026-12-01T10:00').toISOString());
  });

  it('names each bad field with the API’s messages', () => {
    const result = couponFromForm({
      ...emptyCoupon,
      code: 'x',
      type: 'percent',
      value: '150',
      minimum: 'lots',
      maxUses: '0',
      startsAt: '2026-12-02T00:00',
      endsAt: '2026-12-01T00:00',
    });
    expect(result.errors).toMatchObject({
      code: { code: 'coupon_code_format', message: 'Code must be 3 to 30 capital letters, digits, dashes or underscores' },
      value: { code: 'coupon_percent_invalid', message: 'Percent must be a whole number from 1 to 100' },
      minimum: { code: 'admin_money_invalid', message: 'Enter an amount in rupees (up to 2 decimals)' },
      maxUses: { code: 'coupon_uses_invalid', message: 'Enter a whole number of 1 or more, or leave empty for no limit' },
      endsAt: { code: 'coupon_dates_order', message: 'The end must be after the start' },
    });
  });

  it('round-trips a stored coupon into the form', () => {
    const values = couponToForm({
      _id: 'c',
      code: 'FLAT100',
      description: '',
      type: 'fixed',
      value: 10_000,
      minimum: 99_950,
      startsAt: null,
      endsAt: null,
      maxUses: null,
      maxUsesPerCustomer: 3,
      usedCount: 4,
      active: true,
      updatedAt: new Date().toISOString(),
    });
    expect(values).toMatchObject({ value: '100', minimum: '999.50', maxUses: '', maxUsesPerCustomer: '3' });
    expect(couponFromForm(values).body).toMatchObject({ value: 10_000, minimum: 99_950, maxUses: null, maxUsesPerCustomer: 3 });
  });
});
