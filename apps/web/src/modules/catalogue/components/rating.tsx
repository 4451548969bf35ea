import { useTranslations } from 'next-intl';

/** Star average and review count; nothing at all when a product has no reviews yet. */
export function Rating({ average, count, size = 'sm' }: { average: number; count: number; size?: 'sm' | 'md' }) {
  const t = useTranslations('catalogue.rating');
  if (count <= 0) return null;
  const rounded = Math.round(average * 10) / 10;
  return (
    <span
      className={`inline-flex items-center gap-1 ${size === 'md' ? 'text-sm' : 'text-xs'} text-muted`}
      aria-label={t('label', { average: rounded, count })}
      role="img"
    >
      <svg aria-hidden="true" viewBox="0 0 20 20" className={size === 'md' ? 'h-4 w-4' : 'h-3.5 w-3.5'} fill="currentColor">
        <path className="text-accent" d="M10 1.5l2.6 5.3 5.9.9-4.3 4.1 1 5.8L10 14.9l-5.2 2.7 1-5.8L1.5 7.7l5.9-.9L10 1.5z" />
      </svg>
      <span className="font-medium text-ink">{rounded.toFixed(1)}</span>
      <span>({count.toLocaleString('en-IN')})</span>
    </span>
  );
}
