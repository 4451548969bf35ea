import { getLocale } from 'next-intl/server';
import { localeAlternates, type LocaleAlternates } from '@lib/locale/alternates';
import { siteUrl } from './site-url';

/** The canonical link and hreflang alternates of `path` (unprefixed, e.g. `/product/x`) in this request's locale. */
export async function pageAlternates(path: string): Promise<LocaleAlternates> {
  return localeAlternates(path, await getLocale(), siteUrl());
}
