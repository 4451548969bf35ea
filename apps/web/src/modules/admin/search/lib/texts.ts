import 'server-only';
import { getLocale } from 'next-intl/server';
import { directionOf, type Locale, resolveLocale } from '@lib/locale/config';
import { loadRefusalMessages } from '@/i18n/refusals';

/** The synonym page's texts (admin-search.json) in the staff member's storefront language. */
export interface SynonymTexts {
  title: string;
  intro: string;
  how: string;
  none: string;
  newGroup: string;
  groupLabel: string;
  hint: string;
  create: string;
  save: string;
  saved: string;
  failed: string;
  delete: string;
  confirm: string;
  cancel: string;
  deleted: string;
  /** The search area's refusal texts and the shared ones, by code (decision 037). */
  refusals: Record<string, string>;
}

/**
 * The back office is English (decision 028), but this page is for the people who know how shoppers spell in Hindi and
 * Hinglish, so it speaks the storefront's language: en, hi or ar, with its own lang and dir.
 */
export async function synonymTexts(): Promise<{ locale: Locale; dir: 'ltr' | 'rtl'; texts: SynonymTexts }> {
  const locale = resolveLocale(await getLocale());
  const [page, refusals] = await Promise.all([
    import(`@/i18n/messages/${locale}/admin-search.json`) as Promise<{ default: Omit<SynonymTexts, 'refusals'> }>,
    loadRefusalMessages(locale, ['general', 'search']),
  ]);
  return { locale, dir: directionOf(locale), texts: { ...page.default, refusals } };
}
