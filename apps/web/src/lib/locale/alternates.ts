import { localizedPath } from '../../../server/locale-url.mjs';
import { defaultLocale, locales } from './config';

/** Next's `alternates` metadata (and a sitemap entry's `alternates.languages`): absolute URLs. */
export interface LocaleAlternates {
  canonical: string;
  languages: Record<string, string>;
}

/**
 * A public page's canonical link and `hreflang` alternates (decision 113): en at the spec's unprefixed URL, hi and ar
 * under their prefix, x-default the en URL, all absolute from `base` (SITE_URL). The canonical is the URL of the locale
 * the page is rendered in (a page rendered in Hindi names /hi/…, whether its URL or the visitor's cookie asked for it).
 */
export function localeAlternates(path: string, locale: string, base: string): LocaleAlternates {
  const absolute = (target: string) => (target === '/' ? base || '/' : `${base}${target}`);
  const languages: Record<string, string> = {};
  for (const code of locales) languages[code] = absolute(localizedPath(path, code));
  languages['x-default'] = absolute(localizedPath(path, defaultLocale));
  return { canonical: absolute(localizedPath(path, locale)), languages };
}
