'use client';

import { NextIntlClientProvider, useLocale, type AbstractIntlMessages } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';

/**
 * The `auth` messages for the modal views, loaded with them on first open instead of being sent
 * with every page (the root layout only ships the shell's messages to the browser). Kept once
 * loaded, so moving between views renders at once.
 */
const loaders: Record<string, () => Promise<{ default: AbstractIntlMessages }>> = {
  en: () => import('@/i18n/messages/en/auth.json'),
  hi: () => import('@/i18n/messages/hi/auth.json'),
  ar: () => import('@/i18n/messages/ar/auth.json'),
};
const loaded = new Map<string, AbstractIntlMessages>();

export function AuthMessages({ children }: { children: ReactNode }) {
  const locale = useLocale();
  const [, setVersion] = useState(0);
  const messages = loaded.get(locale);
  useEffect(() => {
    if (loaded.has(locale)) return;
    let live = true;
    void (loaders[locale] ?? loaders.en!)().then((module) => {
      loaded.set(locale, module.default);
      if (live) setVersion((v) => v + 1);
    });
    return () => {
      live = false;
    };
  }, [locale]);
  if (!messages) return <div className="min-h-64 p-8" aria-busy="true" />;
  return (
    <NextIntlClientProvider locale={locale} messages={{ auth: messages }}>
      {children}
    </NextIntlClientProvider>
  );
}
