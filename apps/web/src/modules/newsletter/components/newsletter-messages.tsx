'use client';

import { NextIntlClientProvider, type AbstractIntlMessages } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import type { Locale } from '@lib/locale/config';
import { useShopLocale } from '@modules/common/locale-context';

/**
 * The `newsletter` messages for NEWSLETTER_VIEW, loaded with the view on first open. The locale is the
 * visitor's (the shell's locale context).
 */
const loaders: Record<Locale, () => Promise<{ default: AbstractIntlMessages }>> = {
  en: () => import('@/i18n/messages/en/newsletter.json'),
  hi: () => import('@/i18n/messages/hi/newsletter.json'),
  ar: () => import('@/i18n/messages/ar/newsletter.json'),
};
const loaded = new Map<Locale, AbstractIntlMessages>();

export function NewsletterMessages({ children }: { children: ReactNode }) {
  const locale = useShopLocale();
  const [, setVersion] = useState(0);
  const messages = loaded.get(locale);
  useEffect(() => {
    if (loaded.has(locale)) return;
    let live = true;
    void loaders[locale]().then((module) => {
      loaded.set(locale, module.default);
      if (live) setVersion((v) => v + 1);
    });
    return () => {
      live = false;
    };
  }, [locale]);
  if (!messages) return <div className="min-h-48 p-8" aria-busy="true" />;
  return (
    <NextIntlClientProvider locale={locale} messages={{ newsletter: messages }} timeZone="Asia/Kolkata">
      {children}
    </NextIntlClientProvider>
  );
}
