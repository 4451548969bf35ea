import { DEFAULT_COD_SETTINGS } from '@shop/domain/cod/cod-rules';
import { codSettingsSchema } from '@shop/domain/cod/cod-settings';
import { describe, expect, it } from 'vitest';
import { codBodyOf, codFieldErrors, codFormValuesOf } from './cod-form-values';

describe('COD settings form values', () => {
  it('round-trips the settings through the form', () => {
    const cod = {
      ...DEFAULT_COD_SETTINGS,
      fee: 4_950,
      maxOrderValue: 2_000_000,
      blockedPincodes: ['110001', '560001'],
      prepaidDiscount: { percent: 5, cap: 10_000 },
    };
    expect(codSettingsSchema.parse(codBodyOf(codFormValuesOf(cod)))).toEqual(cod);
    expect(codSettingsSchema.parse(codBodyOf(codFormValuesOf(DEFAULT_COD_SETTINGS)))).toEqual(DEFAULT_COD_SETTINGS);
  });
  it('reads pincodes separated by lines, commas or spaces, and empty fields as none', () => {
    const body = codBodyOf({ ...codFormValuesOf(DEFAULT_COD_SETTINGS), blockedPincodes: '560001, 110001\n400001', maxOpenOrders: ' ', prepaidPercent: '' });
    expect(body).toMatchObject({ blockedPincodes: ['560001', '110001', '400001'], maxOpenOrders: null, prepaidDiscount: null });
  });
  it("maps the API's field paths to the form's fields", () => {
    const error = { code: 'x', message: 'y' };
    expect(Object.keys(codFieldErrors({ 'cod.blockedPincodes.2': error, 'cod.prepaidDiscount.cap': error, 'cod.fee': error }))).toEqual([
      'blockedPincodes',
      'prepaidCap',
      'fee',
    ]);
  });
});
