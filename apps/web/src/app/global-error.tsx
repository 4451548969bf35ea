'use client';

import './globals.css';
import { useSyncExternalStore } from 'react';
import en from '@/i18n/messages/en/errors.json';
import hi from '@/i18n/messages/hi/errors.json';
import ar from '@/i18n/messages/ar/errors.json';
import { directionOf, localeCookie, resolveLocale } from '@lib/locale/config';
import { ErrorFallback } from '@modules/common/errors/error-fallback';
import { splitLocalePrefix } from '../../server/locale-url.mjs';

const texts = { en, hi, ar };

/** The URL's locale prefix, else the language cookie, in the browser: this page replaces the root layout and its providers. */
function browserLocale() {
  const prefixed = splitLocalePrefix(window.location.pathname);
  if (prefixed) return resolveLocale(prefixed.locale);
  const match = document.cookie.match(new RegExp(`(?:^|; )${localeCookie}=([^;]*)`));
  return resolveLocale(match?.[1] ?? null);
}

const noSubscription = () => () => {};

/** The root layout itself failed: render a bare document with the spec's text and a retry. */
export default function GlobalError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  // The server snapshot is the default locale; the browser switches to the cookie's after hydration.
  const locale = useSyncExternalStore(noSubscription, browserLocale, () => resolveLocale(null));
  return (
    <html lang={locale} dir={directionOf(locale)}>
      <body className="bg-white font-sans text-ink">
        <ErrorFallback error={error} reset={reset} texts={texts[locale]} />
      </body>
    </html>
  );
}
