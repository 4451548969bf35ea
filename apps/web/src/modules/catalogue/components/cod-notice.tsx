import { useTranslations } from 'next-intl';

/** Whether this product can be paid for on delivery (spec §3: cod false means no cash on delivery). */
export function CodNotice({ cod }: { cod: boolean }) {
  const t = useTranslations('catalogue.product');
  return (
    <p className="flex items-center gap-2 text-sm text-ink">
      <svg
        aria-hidden="true"
        viewBox="0 0 24 24"
        className={`h-5 w-5 shrink-0 ${cod ? 'text-success' : 'text-muted'}`}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
      >
        <rect x="2.5" y="6" width="19" height="12" rx="2" />
        <circle cx="12" cy="12" r="2.5" />
        {cod ? null : <path d="M4 4l16 16" />}
      </svg>
      {cod ? t('codAvailable') : t('codUnavailable')}
    </p>
  );
}
