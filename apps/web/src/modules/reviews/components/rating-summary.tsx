import { useTranslations } from 'next-intl';
import type { RatingSummary as Summary } from '@shop/domain/review';
import { Stars } from './stars';

/** The average, how many reviews it is based on, and a bar per star. */
export function RatingSummary({ summary }: { summary: Summary }) {
  const t = useTranslations('reviews');
  return (
    <div className="flex flex-col gap-3" data-testid="rating-summary">
      <div className="flex items-center gap-3">
        <span className="font-display text-4xl font-semibold text-ink">{summary.average.toFixed(1)}</span>
        <div className="flex flex-col gap-1">
          <Stars rating={summary.average} label={t('average', { average: summary.average.toFixed(1) })} />
          <span className="text-sm text-muted">{t('basedOn', { count: summary.count })}</span>
        </div>
      </div>
      <dl className="flex flex-col gap-1 text-sm">
        {[5, 4, 3, 2, 1].map((n) => {
          const count = summary.distribution[n - 1] ?? 0;
          const share = summary.count > 0 ? Math.round((count / summary.count) * 100) : 0;
          return (
            <div key={n} className="grid grid-cols-[3.5rem_1fr_2rem] items-center gap-2">
              <dt className="text-muted">{t('starsRow', { n })}</dt>
              <dd className="h-2 overflow-hidden rounded-full bg-line/60" aria-hidden="true">
                <div className="h-full rounded-full bg-accent" style={{ width: `${share}%` }} />
              </dd>
              <dd className="text-end text-muted">{count}</dd>
            </div>
          );
        })}
      </dl>
    </div>
  );
}
