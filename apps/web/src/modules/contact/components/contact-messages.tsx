'use client';

import { NextIntlClientProvider, type AbstractIntlMessages } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import type { Locale } from '@lib/locale/config';
import { useShopLocale } from '@modules/common/locale-context';

/**
 * The `contact` messages for COMPLAIN_VIEW, loaded with the view on first open instead of with every page. The locale
 * is the visitor's (the shell's locale context).
 */
const loaders: Record<Locale, () => Promise<{ default: AbstractIntlMessages }>> = {
  en: () => import('@/i18n/messages/en/contact.json'),
  hi: () => import('@/i18n/messages/hi/contact.json'),
  ar: () => import('@/i18n/messages/ar/contact.json'),
};
const loaded = new Map<Locale, AbstractIntlMessages>();

export function ContactMessages({ children }: { children: ReactNode }) {
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
  if (!messages) return <div className="min-h-64 p-8" aria-busy="true" />;
  return (
    <NextIntlClientProvider locale={locale} messages={{ contact: messages }} timeZone="Asia/Kolkata">
      {children}
    </NextIntlClientProvider>
  );
}
