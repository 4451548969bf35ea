import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import arAccount from '../../../i18n/messages/ar/account.json';
import arAuth from '../../../i18n/messages/ar/auth.json';
import enAccount from '../../../i18n/messages/en/account.json';
import enAuth from '../../../i18n/messages/en/auth.json';
import hiAccount from '../../../i18n/messages/hi/account.json';
import hiAuth from '../../../i18n/messages/hi/auth.json';
import { knownAuthErrorKeys } from './auth-errors';

type Tree = { [key: string]: string | Tree };
const namespaces: Record<string, Record<string, Tree>> = {
  auth: { en: enAuth, hi: hiAuth, ar: arAuth },
  account: { en: enAccount, hi: hiAccount, ar: arAccount },
};

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([key, value]) =>
    typeof value === 'string' ? [[`${prefix}${key}`, value] as [string, string]] : leaves(value, `${prefix}${key}.`),
  );
}

/** Values for every placeholder these messages use. */
const values = { phone: '+91 98765 43210', email: 'asha@example.com', seconds: 30, name: 'Asha' };

/** Strings that may read the same in every language (numbers, brand names). */
const sameEverywhere = new Set(['otp.phonePlaceholder']);

describe.each(Object.keys(namespaces))('%s messages', (namespace) => {
  const catalogues = namespaces[namespace]!;
  const enKeys = leaves(catalogues.en!).map(([key]) => key).sort();

  it.each(['hi', 'ar'])('%s has exactly the keys of en', (locale) => {
    expect(leaves(catalogues[locale]!).map(([key]) => key).sort()).toEqual(enKeys);
  });

  it.each(['hi', 'ar'])('%s is translated, not an English copy', (locale) => {
    const enText = new Map(leaves(catalogues.en!));
    const copies = leaves(catalogues[locale]!).filter(
      ([key, text]) => !sameEverywhere.has(key) && text === enText.get(key) && /[a-z]{3,}/i.test(text.replace(/\{[^}]*\}|Google|SMS|PIN/g, '')),
    );
    expect(copies).toEqual([]);
  });

  it.each(['en', 'hi', 'ar'])('every %s message formats with its placeholders', (locale) => {
    const errors: string[] = [];
    const t = createTranslator({ locale, messages: catalogues[locale]!, onError: (e) => errors.push(e.message) });
    for (const [key] of leaves(catalogues[locale]!)) expect(t(key as never, values as never)).not.toMatch(/\{[a-z]+\}/i);
    expect(errors).toEqual([]);
  });
});

it('every error code the forms explain has a message', () => {
  const errorKeys = new Set(Object.keys(enAuth.errors));
  expect(knownAuthErrorKeys.filter((key) => !errorKeys.has(key))).toEqual([]);
});
