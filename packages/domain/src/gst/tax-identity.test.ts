import { describe, expect, it } from 'vitest';
import { taxIdentityInputSchema } from './tax-identity.ts';

const valid = {
  legalName: 'Kaarigar Crafts Private Limited',
  gstin: '27aapfu0939f1zv',
  address: '12 Crafts Lane\nPune 411001',
  state: 'Maharashtra',
  invoicePrefix: 'kg',
  signatureName: 'Asha Patil',
};

describe('the shop’s tax identity', () => {
  it('accepts a registration and normalises the GSTIN and prefix', () => {
    const parsed = taxIdentityInputSchema.parse(valid);
    expect(parsed).toMatchObject({ gstin: '27AAPFU0939F1ZV', invoicePrefix: 'KG', chargeRate: null });
    expect(taxIdentityInputSchema.parse({ ...valid, chargeRate: 1800 }).chargeRate).toBe(1800);
  });

  it('names each field that is wrong with its code', () => {
    const codes = (input: object) => taxIdentityInputSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join('.'), issue.message]);
    expect(codes({ ...valid, gstin: '27AAPFU0939F1ZW' })).toEqual([['gstin', 'tax_gstin_invalid']]);
    expect(codes({ ...valid, state: 'Karnataka' })).toEqual([['gstin', 'tax_gstin_state_mismatch']]);
    expect(codes({ ...valid, invoicePrefix: 'KG-1' })).toEqual([['invoicePrefix', 'tax_invoice_prefix_invalid']]);
    expect(codes({ ...valid, legalName: ' ', signatureName: '', address: '', state: 'Atlantis', chargeRate: 1000 })).toEqual([
      ['legalName', 'tax_legal_name_invalid'],
      ['address', 'tax_address_invalid'],
      ['state', 'tax_state_invalid'],
      ['signatureName', 'tax_signature_name_invalid'],
      ['chargeRate', 'gst_rate_invalid'],
    ]);
  });
});
