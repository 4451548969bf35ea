import { NextIntlClientProvider } from 'next-intl';
import { getLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { loadRefusalMessages } from '@/i18n/refusals';
import type { Locale } from '@lib/locale/config';

/**
 * The `refusals` texts an order page's client leaf (tracking form, cancel button) shows the API's refusals with, by
 * their codes (decision 037): only the general and the orders areas, so the page ships no other area's texts.
 */
export async function OrderRefusalMessages({ children }: { children: ReactNode }) {
  const locale = (await getLocale()) as Locale;
  const refusals = await loadRefusalMessages(locale, ['general', 'orders']);
  return <NextIntlClientProvider messages={{ refusals }}>{children}</NextIntlClientProvider>;
}
