'use client';

import { useId, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { setLocale } from '@/i18n/actions';
import { localeNames, locales } from '@lib/locale/config';
import { GlobeIcon } from '@modules/common/components/icons';

/** Language picker: stores the choice in the NEXT_LOCALE cookie, then re-renders on the server. */
export function LanguageSwitcher({ className = '' }: { className?: string }) {
  const t = useTranslations('shell.language');
  const locale = useLocale();
  const router = useRouter();
  const id = useId();
  const [pending, startTransition] = useTransition();
  return (
    <div className={`inline-flex items-center gap-2 ${className}`}>
      <GlobeIcon width={18} height={18} />
      <label htmlFor={id} className="sr-only">
        {t('label')}
      </label>
      <select
        id={id}
        value={locale}
        disabled={pending}
        onChange={(event) => {
          const next = event.target.value;
          startTransition(async () => {
            await setLocale(next);
            router.refresh();
          });
        }}
        className="cursor-pointer rounded-md border border-current/30 bg-transparent py-1 ps-2 pe-7 text-sm"
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
