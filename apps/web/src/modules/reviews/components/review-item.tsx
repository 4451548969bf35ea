import { useFormatter, useTranslations } from 'next-intl';
import type { Review } from '@shop/domain/review';
import { Stars } from './star-input';

/** One published review. Renders on the server (the first page) and in the browser ("Show more"). */
export function ReviewItem({ review }: { review: Review }) {
  const t = useTranslations('reviews');
  const format = useFormatter();
  return (
    <li className="flex flex-col gap-2 border-b border-line py-5 last:border-b-0" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} label={t('rated', { n: review.rating })} />
        {review.title ? <h3 className="font-semibold text-ink">{review.title}</h3> : null}
      </div>
      <p className="whitespace-pre-line text-ink">{review.text}</p>
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted">
        <span className="font-medium text-ink">{review.author}</span>
        {review.verifiedBuyer ? <span className="rounded-full bg-success/10 px-2 py-0.5 text-xs font-medium text-success">{t('verified')}</span> : null}
        <time dateTime={review.createdAt}>{format.dateTime(new Date(review.createdAt), { dateStyle: 'medium' })}</time>
      </p>
    </li>
  );
}
