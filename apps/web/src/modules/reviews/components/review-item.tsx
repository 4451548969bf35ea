import type { Review } from '@shop/domain/review';
import { fillTemplate } from '@modules/common/i18n/fill-template';
import { reviewDate } from '../lib/review-date';
import { Stars } from './stars';

export interface ReviewItemLabels {
  verified: string;
  /** "Sample review": seeded to show what reviews look like, not written by a shopper. */
  sample: string;
  /** "Rated {n} out of 5". */
  rated: string;
}

/**
 * One published review. Plain props (no next-intl), so the server renders the first page and the browser renders
 * "Show more" pages with the same markup without loading a translation library (decision 018).
 */
export function ReviewItem({ review, labels, locale }: { review: Review; labels: ReviewItemLabels; locale: string }) {
  return (
    <li className="flex flex-col gap-2 border-b border-line py-5 last:border-b-0" data-testid="review">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1">
        <Stars rating={review.rating} label={fillTemplate(labels.rated, { n: review.rating })} />
        {review.title ? <h3 className="font-semibold text-ink">{review.title}</h3> : null}
      </div>
      <p className="whitespace-pre-line text-ink">{review.text}</p>
      <p className="flex flex-wrap items-center gap-x-2 text-sm text-muted">
        <span className="font-medium text-ink">{review.author}</span>
        {review.verifiedBuyer ? <span className="rounded-full bg-success/10 px-2 py-0.5 text-xs font-medium text-success">{labels.verified}</span> : null}
        {review.sample ? (
          <span className="rounded-full border border-line px-2 py-0.5 text-xs font-medium text-muted" data-testid="sample-review">
            {labels.sample}
          </span>
        ) : null}
        <time dateTime={review.createdAt}>{reviewDate(review.createdAt, locale)}</time>
      </p>
    </li>
  );
}
