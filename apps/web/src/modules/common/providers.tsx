'use client';

import type { ReactNode } from 'react';
import type { Locale } from '@lib/locale/config';
import { LocaleProvider } from './locale-context';
import { UIProvider } from './ui-store';
import type { ToastLabels } from './toast-container';
import { Toasts } from './toasts';

/**
 * Client-side context for the whole app: the locale, UI state and toasts. Client data fetching (TanStack Query) is
 * provided only where it is used (QueryProvider), and translated strings reach always-loaded client leaves as props,
 * so neither library is part of every page's first load (decision 018).
 */
export function Providers({
  locale,
  isAuthorized,
  toastLabels,
  children,
}: {
  locale: Locale;
  isAuthorized: boolean;
  toastLabels: ToastLabels;
  children: ReactNode;
}) {
  return (
    <LocaleProvider locale={locale}>
      <UIProvider isAuthorized={isAuthorized}>
        {children}
        <Toasts labels={toastLabels} />
      </UIProvider>
    </LocaleProvider>
  );
}
