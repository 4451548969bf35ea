/**
 * Locales of the storefront, shared by the server request config and the client switcher. en's pages keep the spec's
 * unprefixed URLs, where the NEXT_LOCALE cookie picks the language (web-common.md); `/hi/…` and `/ar/…` pick theirs by
 * URL (server/locale-url.mjs, decision 113).
 */
export const locales = ['en', 'hi', 'ar'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'en';
export const localeCookie = 'NEXT_LOCALE';
/** One year, the life of the locale cookie. */
export const localeCookieMaxAge = 60 * 60 * 24 * 365;

/** Names of each language written in itself, for the switcher. */
export const localeNames: Record<Locale, string> = { en: 'English', hi: 'हिन्दी', ar: 'العربية' };

const rtlLanguages = new Set(['ar', 'he', 'fa', 'ur']);

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** Cookie value to a supported locale; anything unknown falls back to the default. */
export function resolveLocale(value: string | undefined | null): Locale {
  return isLocale(value) ? value : defaultLocale;
}

/** Spec §1: right-to-left for Arabic and Hebrew (and the other rtl scripts, should they be added). */
export function directionOf(locale: string): 'ltr' | 'rtl' {
  const language = locale.toLowerCase().split(/[-_]/)[0] ?? '';
  return rtlLanguages.has(language) ? 'rtl' : 'ltr';
}
