import { describe, expect, it } from 'vitest';
import { addressInputSchema, addressLimitMessage, addressMessages, addressNotFoundMessage } from '@shop/domain/address';
import ar from '../../../i18n/messages/ar/account.json';
import en from '../../../i18n/messages/en/account.json';
import hi from '../../../i18n/messages/hi/account.json';
import { addressMessageKey } from './address-messages';

const domainTexts = [...Object.values(addressMessages), addressLimitMessage, addressNotFoundMessage];

describe('address messages', () => {
  it.each(domainTexts)('%j has a translation key', (text) => {
    expect(addressMessageKey(text)).toBeDefined();
  });

  it.each([
    ['en', en],
    ['hi', hi],
    ['ar', ar],
  ])('%s translates every domain message', (_locale, catalogue) => {
    const keys = domainTexts.map((text) => addressMessageKey(text)!);
    expect(keys.filter((key) => !(key in catalogue.addressErrors))).toEqual([]);
  });

  it('the English catalogue says exactly what the domain says', () => {
    for (const text of domainTexts) expect(en.addressErrors[addressMessageKey(text) as keyof typeof en.addressErrors]).toBe(text);
  });

  it('what an empty form fails with is translated', () => {
    const result = addressInputSchema.safeParse({ name: '', mobile: '12', line1: '', city: '', state: 'Atlantis', pincode: '012345' });
    expect(result.success).toBe(false);
    const untranslated = result.error!.issues.map((issue) => issue.message).filter((message) => !addressMessageKey(message));
    expect(untranslated).toEqual([]);
  });
});
