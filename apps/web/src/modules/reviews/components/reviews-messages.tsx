'use client';

import { NextIntlClientProvider, type AbstractIntlMessages } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import type { Locale } from '@lib/locale/config';
import { useShopLocale } from '@modules/common/locale-context';

/**
 * next-intl and the `reviews` messages for the review form, loaded with the form (only for a visitor who may write or
 * edit a review), not with every product page (decision 018).
 */
const loaders: Record<Locale, () => Promise<{ default: AbstractIntlMessages }>> = {
  en: () => import('@/i18n/messages/en/reviews.json'),
  hi: () => import('@/i18n/messages/hi/reviews.json'),
  ar: () => import('@/i18n/messages/ar/reviews.json'),
};
const loaded = new Map<Locale, AbstractIntlMessages>();

export function ReviewsMessages({ children }: { children: ReactNode }) {
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
  if (!messages) return <div className="min-h-64" aria-busy="true" />;
  return (
    <NextIntlClientProvider locale={locale} messages={{ reviews: messages }} timeZone="Asia/Kolkata">
      {children}
    </NextIntlClientProvider>
  );
}
