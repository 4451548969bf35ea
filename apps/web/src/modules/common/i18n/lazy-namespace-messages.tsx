'use client';

import { NextIntlClientProvider, type AbstractIntlMessages } from 'next-intl';
import { useEffect, useState, type ReactNode } from 'react';
import type { Locale } from '@lib/locale/config';
import { useShopLocale } from '../locale-context';

/** One dynamic import per locale: the bundler needs each path written out, so every namespace lists its own three. */
type NamespaceLoaders = Record<Locale, () => Promise<{ default: AbstractIntlMessages }>>;
/** Further namespaces a part needs beside its own (e.g. `refusals`, decision 037), by locale: `{ namespace: messages }`. */
export type ExtraMessageLoaders = Record<Locale, () => Promise<AbstractIntlMessages>>;

/**
 * A provider of one message namespace for a part that loads on demand (a modal view, a review form): its messages
 * are fetched with it, in the visitor's locale, instead of being sent with every page (decision 018). Kept once
 * loaded, so reopening renders at once; until they arrive a placeholder of `placeholderClassName` holds the space.
 * `extra` loads further namespaces with it (the refusal texts its forms show).
 */
export function lazyNamespaceMessages(namespace: string, loaders: NamespaceLoaders, placeholderClassName: string, extra?: ExtraMessageLoaders) {
  const loaded = new Map<Locale, AbstractIntlMessages>();
  return function NamespaceMessages({ children }: { children: ReactNode }) {
    const locale = useShopLocale();
    const [, setVersion] = useState(0);
    const messages = loaded.get(locale);
    useEffect(() => {
      if (loaded.has(locale)) return;
      let live = true;
      void Promise.all([loaders[locale](), extra?.[locale]() ?? {}]).then(([module, more]) => {
        loaded.set(locale, { ...more, [namespace]: module.default });
        if (live) setVersion((v) => v + 1);
      });
      return () => {
        live = false;
      };
    }, [locale]);
    if (!messages) return <div className={placeholderClassName} aria-busy="true" />;
    return (
      <NextIntlClientProvider locale={locale} messages={messages} timeZone="Asia/Kolkata">
        {children}
      </NextIntlClientProvider>
    );
  };
}
