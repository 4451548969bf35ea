'use client';

import { NextIntlClientProvider, type AbstractIntlMessages } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import type { Locale } from '@lib/locale/config';
import { loadRefusalMessages } from '@/i18n/refusals';
import { useShopLocale } from '@modules/common/locale-context';

/** One dynamic import per locale: the bundler needs each path written out. */
const dialogTexts: Record<Locale, () => Promise<{ default: AbstractIntlMessages }>> = {
  en: () => import('@/i18n/messages/en/customisation.json'),
  hi: () => import('@/i18n/messages/hi/customisation.json'),
  ar: () => import('@/i18n/messages/ar/customisation.json'),
};

/** The dialog's own texts and the refusals it can meet (the general ones and the customisation area's; decision 037). */
async function loadMessages(locale: Locale): Promise<AbstractIntlMessages> {
  const [customisation, refusals] = await Promise.all([
    dialogTexts[locale]().then((module) => module.default),
    loadRefusalMessages(locale, ['general', 'customisation']),
  ]);
  return { customisation, refusals };
}

const loaded = new Map<Locale, AbstractIntlMessages>();

/**
 * The `customisation` and `refusals` messages for COSTOMIZATION_VIEW, loaded with the view on first open in the
 * visitor's locale (decision 018) and kept, so reopening renders at once; until they arrive a placeholder holds the space.
 */
export function CustomisationMessages({ children }: { children: ReactNode }) {
  const locale = useShopLocale();
  const [, setVersion] = useState(0);
  const messages = loaded.get(locale);
  useEffect(() => {
    if (loaded.has(locale)) return;
    let live = true;
    void loadMessages(locale).then((found) => {
      loaded.set(locale, found);
      if (live) setVersion((version) => version + 1);
    });
    return () => {
      live = false;
    };
  }, [locale]);
  if (!messages) return <div className="min-h-64 p-8" aria-busy="true" />;
  return (
    <NextIntlClientProvider locale={locale} messages={messages} timeZone="Asia/Kolkata">
      {children}
    </NextIntlClientProvider>
  );
}
