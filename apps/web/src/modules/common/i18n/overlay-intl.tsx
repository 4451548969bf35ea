'use client';

import { NextIntlClientProvider, type AbstractIntlMessages } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import type { Locale } from '@lib/locale/config';
import { useShopLocale } from '../locale-context';
import { loadOverlayMessages, overlayMessagesOf } from './overlay-messages';

/**
 * next-intl for the overlays' client code, with the visitor's locale and the overlay messages. Only overlay chunks
 * import this module, so next-intl's client formatter is fetched when an overlay first opens, not with every page. A
 * language switch loads the new locale's messages; until they arrive the overlay keeps showing the previous ones
 * (rather than unmounting and losing its state).
 */
export function OverlayIntl({ children }: { children: ReactNode }) {
  const locale = useShopLocale();
  const [shown, setShown] = useState<{ locale: Locale; messages: AbstractIntlMessages } | null>(() => {
    const messages = overlayMessagesOf(locale);
    return messages ? { locale, messages } : null;
  });
  useEffect(() => {
    if (shown?.locale === locale) return;
    let live = true;
    void loadOverlayMessages(locale).then((messages) => {
      if (live) setShown({ locale, messages });
    });
    return () => {
      live = false;
    };
  }, [locale, shown?.locale]);
  if (!shown) return null;
  return (
    <NextIntlClientProvider locale={shown.locale} messages={shown.messages} timeZone="Asia/Kolkata">
      {children}
    </NextIntlClientProvider>
  );
}
