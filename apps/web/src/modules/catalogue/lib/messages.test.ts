import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import ar from '../../../i18n/messages/ar/catalogue.json';
import en from '../../../i18n/messages/en/catalogue.json';
import hi from '../../../i18n/messages/hi/catalogue.json';

type Tree = { [key: string]: string | Tree };
const catalogues: Record<string, Tree> = { en, hi, ar };

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

/** Values for every placeholder the catalogue messages use. */
const values = {
  count: 3,
  percent: 20,
  name: 'Lamps',
  title: 'Best sellers',
  n: 1,
  total: 4,
  q: 'keychian',
  sku: 'KG-1',
  grams: 250,
  average: 4.5,
  range: 'Sat, 5 Dec – Mon, 7 Dec',
  city: 'Jaipur',
  state: 'Rajasthan',
  pincode: '302001',
  max: 20,
  label: 'Name',
};

describe('catalogue messages', () => {
  const enKeys = leaves(en)
    .map(([key]) => key)
    .sort();

  it.each(['hi', 'ar'])('%s has exactly the keys of en', (locale) => {
    expect(
      leaves(catalogues[locale]!)
        .map(([key]) => key)
        .sort(),
    ).toEqual(enKeys);
  });

  it.each(['hi', 'ar'])('%s is translated, not an English copy', (locale) => {
    const enText = new Map(leaves(en));
    // Only placeholders-and-symbols strings (e.g. "−{percent}%", "SKU: {sku}") may match English.
    const copies = leaves(catalogues[locale]!).filter(([key, text]) => text === enText.get(key) && /[a-z]{3,}/i.test(text.replace(/\{[^}]*\}|SKU|HSN/g, '')));
    expect(copies).toEqual([]);
  });

  it.each(['en', 'hi', 'ar'])('every %s message formats with its placeholders', (locale) => {
    const errors: string[] = [];
    const t = createTranslator({ locale, messages: catalogues[locale]!, onError: (e) => errors.push(e.message) });
    for (const [key] of leaves(catalogues[locale]!)) {
      const text = t(key as never, values as never);
      expect(text).not.toMatch(/\{[a-z]+\}/i);
    }
    expect(errors).toEqual([]);
  });

  it('a capped listing total reads as a lower bound with Indian-English grouping', () => {
    const t = createTranslator({ locale: 'en', messages: en, namespace: 'listing' });
    expect(t('countAtLeast', { count: 1000 })).toBe('1,000+ products');
  });
});
