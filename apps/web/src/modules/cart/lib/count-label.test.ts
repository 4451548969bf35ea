import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import ar from '../../../i18n/messages/ar/cart.json';
import en from '../../../i18n/messages/en/cart.json';
import hi from '../../../i18n/messages/hi/cart.json';
import { countLabels, formatCountLabel } from './count-label';

const catalogues = { en, hi, ar } as const;

describe('the cart button label', () => {
  it.each(['en', 'hi', 'ar'] as const)('reads as next-intl would format it for every count in %s', (locale) => {
    const t = createTranslator({ locale, messages: catalogues[locale], namespace: 'button' });
    const labels = countLabels(locale, (count) => t('label', { count }));
    for (const count of [0, 1, 2, 3, 5, 11, 12, 100, 101, 1234]) {
      expect(formatCountLabel(labels, locale, count)).toBe(t('label', { count }));
    }
  });

  it('starts with "Cart" in English', () => {
    const t = createTranslator({ locale: 'en', messages: en, namespace: 'button' });
    const labels = countLabels('en', (count) => t('label', { count }));
    expect(labels).toEqual({ one: 'Cart, {count} item', other: 'Cart, {count} items' });
    expect(formatCountLabel(labels, 'en', 2)).toBe('Cart, 2 items');
  });
});
