import { createTranslator } from 'next-intl';
import { describe, expect, it } from 'vitest';
import arAccount from '../../../i18n/messages/ar/account.json';
import arAuth from '../../../i18n/messages/ar/auth.json';
import enAccount from '../../../i18n/messages/en/account.json';
import enAuth from '../../../i18n/messages/en/auth.json';
import hiAccount from '../../../i18n/messages/hi/account.json';
import hiAuth from '../../../i18n/messages/hi/auth.json';
import { refusalMessage } from '@shop/domain/refusals/index';
import { type CodedText, refusalFrom } from '@lib/api/refusal';
import { refusalText, type RefusalTranslator } from '@lib/api/refusal-text';
import enRefusals from '../../../i18n/messages/en/refusals/account.json';
import hiRefusals from '../../../i18n/messages/hi/refusals/account.json';
import { changePasswordSchema, codeSchema, loginSchema, phoneSchema, signUpSchema } from './schemas';

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
  const enKeys = leaves(catalogues.en!)
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

describe('sign-in form rules name refusal codes (decision 037)', () => {
  /** The first code per field, as a form shows it. */
  const codesOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) => {
    const codes: Record<string, string> = {};
    for (const issue of result.error?.issues ?? []) codes[issue.path.join('.')] ??= issue.message;
    return codes;
  };

  it('gives the same codes the API answers, each with an account-area text', () => {
    expect(codesOf(loginSchema.safeParse({ email: '', password: '' }))).toEqual({ email: 'email_required', password: 'password_required' });
    expect(codesOf(loginSchema.safeParse({ email: 'asha@', password: 'x' }))).toEqual({ email: 'invalid_email' });
    expect(codesOf(signUpSchema.safeParse({ name: ' ', email: 'a@b.in', password: 'short' }))).toEqual({
      name: 'name_required',
      password: 'password_too_short',
    });
    expect(codesOf(signUpSchema.safeParse({ name: 'n'.repeat(101), email: 'a@b.in', password: 'p'.repeat(129) }))).toEqual({
      name: 'profile_name_too_long',
      password: 'password_too_long',
    });
    expect(codesOf(phoneSchema.safeParse({ phone: '' }))).toEqual({ phone: 'mobile_required' });
    expect(codesOf(phoneSchema.safeParse({ phone: '12345' }))).toEqual({ phone: 'phone_invalid' });
    expect(codesOf(codeSchema.safeParse({ code: '12' }))).toEqual({ code: 'otp_format_invalid' });
    expect(codesOf(changePasswordSchema.safeParse({ currentPassword: 'x', password: 'long enough', confirm: 'other' }))).toEqual({
      confirm: 'passwords_differ',
    });
    for (const code of [
      'email_required',
      'invalid_email',
      'password_required',
      'password_too_short',
      'password_too_long',
      'name_required',
      'profile_name_too_long',
      'mobile_required',
      'phone_invalid',
      'otp_format_invalid',
      'passwords_differ',
    ]) {
      expect(enRefusals).toHaveProperty(code);
    }
  });

  it("translates better-auth's answers by their code, never by the English text", () => {
    const t = createTranslator({ locale: 'hi', messages: { refusals: hiRefusals }, namespace: 'refusals' }) as unknown as RefusalTranslator;
    const answer: CodedText = refusalFrom(400, { code: 'invalid_otp', message: 'anything' });
    expect(refusalText(answer, t, 'hi')).toBe(hiRefusals.invalid_otp);
    const en = createTranslator({ locale: 'en', messages: { refusals: enRefusals }, namespace: 'refusals' }) as unknown as RefusalTranslator;
    expect(refusalText(refusalFrom(400, { code: 'password_too_short', message: 'x', params: { min: 8 } }), en, 'en')).toBe(
      refusalMessage('password_too_short'),
    );
  });
});
