import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import ar from '../../../i18n/messages/ar/cart.json';
import en from '../../../i18n/messages/en/cart.json';
import hi from '../../../i18n/messages/hi/cart.json';
import { drawerMessages, fill } from './messages';

type Tree = { [key: string]: string | Tree };
const catalogues: Record<string, Tree> = { en, hi, ar };

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

describe('cart messages', () => {
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
    expect(leaves(catalogues[locale]!).filter(([key, text]) => text === enText.get(key))).toEqual([]);
  });

  it.each(['en', 'hi', 'ar'])('every %s message formats with its placeholders', (locale) => {
    const errors: string[] = [];
    const t = createTranslator({ locale, messages: catalogues[locale]!, onError: (e) => errors.push(e.message) });
    for (const [key] of leaves(catalogues[locale]!)) {
      expect(t(key as never, { count: 3, name: 'Moon lamp', amount: '₹150', range: 'Sat, 5 Dec', pincode: '560001' } as never)).not.toMatch(/\{[a-z]+\}/i);
    }
    expect(errors).toEqual([]);
  });

  it('keeps the texts of spec §2 word for word in English', () => {
    expect(en.drawer).toMatchObject({ title: 'Shopping cart', empty: 'Your cart is empty.', checkout: 'Proceed To Checkout' });
  });

  it.each(['en', 'hi', 'ar'])('the drawer fills its %s messages exactly as next-intl formats them', (locale) => {
    const t = createTranslator({ locale, messages: catalogues[locale]!, namespace: 'drawer' as never });
    const values = { name: 'Moon lamp', amount: '₹1,299', range: 'Sat, 5 Dec – Mon, 7 Dec', pincode: '560001' };
    for (const [key, message] of Object.entries(drawerMessages(locale))) {
      expect(fill(message, values)).toBe(t(key as never, values as never));
    }
  });
});
