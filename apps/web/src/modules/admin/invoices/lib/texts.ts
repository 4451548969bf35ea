import 'server-only';
import { createTranslator } from 'next-intl';
import { getLocale } from 'next-intl/server';
import { directionOf, type Locale } from '@lib/locale/config';
import type { AdminTranslate } from '@modules/admin/lib/texts';

/**
 * The texts of the back office's invoice pages (issue 21) in admin-invoices.json. The back office is English
 * (decision 028); the GST report page is also given in Hindi and Arabic, in the storefront's language, because the
 * person who files the return is often not the one who runs the shop (decision 069).
 */
export async function invoiceAdminTexts(locale: Locale | 'storefront' = 'en'): Promise<{ t: AdminTranslate; locale: Locale; dir: 'ltr' | 'rtl' }> {
  const chosen = locale === 'storefront' ? ((await getLocale()) as Locale) : locale;
  const messages = (await (import(`@/i18n/messages/${chosen}/admin-invoices.json`) as Promise<{ default: Record<string, unknown> }>)).default;
  const t = createTranslator({ locale: chosen, messages: messages as never }) as unknown as AdminTranslate;
  return { t, locale: chosen, dir: directionOf(chosen) };
}
