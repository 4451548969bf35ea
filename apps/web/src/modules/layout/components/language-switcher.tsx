'use client';

import { useId, useTransition } from 'react';
import { setLocale } from '@/i18n/actions';
import { localeNames, locales } from '@lib/locale/config';
import { GlobeIcon } from '@modules/common/components/icons';
import { useShopLocale } from '@modules/common/locale-context';
import { localizedPath } from '../../../../server/locale-url.mjs';

/**
 * Language picker: stores the choice in the NEXT_LOCALE cookie, then opens the current page's URL in that language
 * (`/hi/…`, `/ar/…`, en's unprefixed; decision 113), a full load so `<html lang dir>` and every text change together.
 * Its label comes translated from the server (no next-intl in the browser for an always-loaded leaf, decision 018).
 */
export function LanguageSwitcher({ label, className = '' }: { label: string; className?: string }) {
  const locale = useShopLocale();
  const id = useId();
  const [pending, startTransition] = useTransition();
  return (
    <div className={`inline-flex items-center gap-2 ${className}`}>
      <GlobeIcon width={18} height={18} />
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <select
        id={id}
        value={locale}
        disabled={pending}
        onChange={(event) => {
          const next = event.target.value;
          startTransition(async () => {
            await setLocale(next);
            const { pathname, search, hash } = window.location;
            window.location.assign(localizedPath(pathname + search, next) + hash);
          });
        }}
        className="field-sizing-content cursor-pointer rounded-md border border-current/30 bg-transparent py-1 ps-2 pe-7 text-sm"
      >
        {locales.map((code) => (
          <option key={code} value={code} lang={code} className="text-ink">
            {localeNames[code]}
          </option>
        ))}
      </select>
    </div>
  );
}
