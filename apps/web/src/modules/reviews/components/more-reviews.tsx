'use client';

import { useState } from 'react';
import type { Review } from '@shop/domain/review';
import { useShopLocale } from '@modules/common/locale-context';
import { showToast } from '@modules/common/show-toast';
import { lazyFailureText } from '../lib/lazy-failure-text';
import { ReviewItem, type ReviewItemLabels } from './review-item';

interface MoreReviewsProps {
  productId: string;
  /** Reviews per page; the server rendered page 1. */
  limit: number;
  hasMore: boolean;
  labels: ReviewItemLabels & { more: string };
}

/** "Show more reviews": the next pages, fetched in the browser and listed after the first. */
export function MoreReviews({ productId, limit, hasMore: initiallyMore, labels }: MoreReviewsProps) {
  const locale = useShopLocale();
  const [reviews, setReviews] = useState<Review[]>([]);
  const [page, setPage] = useState(1);
  const [hasMore, setHasMore] = useState(initiallyMore);
  const [busy, setBusy] = useState(false);

  async function more() {
    setBusy(true);
    try {
      // The API client for reviews is fetched with the first click, not with the page (decision 115).
      const { reviewsPage } = await import('@lib/api/engagement-browser');
      const next = await reviewsPage(productId, page + 1, limit);
      setReviews((shown) => [...shown, ...next.data.filter((review) => !shown.some((s) => s._id === review._id))]);
      setPage(next.page);
      setHasMore(next.hasMore);
    } catch (error) {
      void showToast('error', await lazyFailureText(error, locale, labels.more));
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      {reviews.length > 0 ? (
        <ul className="flex flex-col">
          {reviews.map((review) => (
            <ReviewItem key={review._id} review={review} labels={labels} locale={locale} />
          ))}
        </ul>
      ) : null}
      {hasMore ? (
        <button
          type="button"
          onClick={() => void more()}
          disabled={busy}
          aria-busy={busy || undefined}
          className="mt-2 min-h-11 self-start rounded-full border border-line px-5 py-2 font-medium text-ink hover:border-brand disabled:opacity-60"
        >
          {labels.more}
        </button>
      ) : null}
    </>
  );
}
