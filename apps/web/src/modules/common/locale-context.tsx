'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { defaultLocale, type Locale } from '@lib/locale/config';

const LocaleContext = createContext<Locale>(defaultLocale);

/**
 * The visitor's locale for client code, set once by the root layout from the URL's prefix or the NEXT_LOCALE cookie. A plain context rather
 * than next-intl's provider, whose client part brings its message formatter into every page (decision 018).
 */
export function LocaleProvider({ locale, children }: { locale: Locale; children: ReactNode }) {
  return <LocaleContext.Provider value={locale}>{children}</LocaleContext.Provider>;
}

export function useShopLocale(): Locale {
  return useContext(LocaleContext);
}
