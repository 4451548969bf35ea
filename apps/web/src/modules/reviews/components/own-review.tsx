'use client';

import { useRouter } from 'next/navigation';
import { lazy, Suspense, useEffect, useState } from 'react';
import type { OwnReview, ReviewContent } from '@shop/domain/review';
import { editReview, myReview, postReview, removeReview } from '@lib/api/engagement-browser';
import { FormMessage, TextButton } from '@modules/auth/components/form-controls';
import { fillTemplate } from '@modules/common/i18n/fill-template';
import { useShopLocale } from '@modules/common/locale-context';
import { showToast } from '@modules/common/show-toast';
import { useUI } from '@modules/common/ui-store';
import { lazyFailureText } from '../lib/lazy-failure-text';
import type { MyReviewLabels } from './my-review';
import { Stars } from './stars';

// The form, react-hook-form, zod and the texts load only for a visitor who may write or edit a review.
// React.lazy rather than next/dynamic, whose loader would join the product page's first load (decision 115). It is
// never rendered on the server: the shopper's own review is fetched in the browser.
const ReviewEditor = lazy(() => import('./review-editor'));

type Mine = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; review: OwnReview | null; canReview: boolean };

/**
 * A signed-in shopper's part of a product's reviews (loaded by MyReview only for them, decision 115): the form when one
 * of their orders with the product was delivered; their own review (with its moderation state) to edit or delete.
 * After a change the page's list and summary are refreshed from the server. Strings arrive translated (decision 018).
 */
export default function OwnReviewPanel({ productId, labels }: { productId: string; labels: MyReviewLabels }) {
  const router = useRouter();
  const locale = useShopLocale();
  const isAuthorized = useUI((s) => s.isAuthorized);
  const openModal = useUI((s) => s.openModal);
  const [mine, setMine] = useState<Mine>({ status: 'loading' });
  const [editing, setEditing] = useState(false);

  useEffect(() => {
    if (!isAuthorized) return;
    let live = true;
    myReview(productId)
      .then((answer) => live && setMine({ status: 'ready', ...answer }))
      .catch(() => live && setMine({ status: 'failed' }));
    return () => {
      live = false;
    };
  }, [isAuthorized, productId]);

  if (!isAuthorized) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
        {labels.signIn}
        <TextButton onClick={() => openModal()}>{labels.signInButton}</TextButton>
      </p>
    );
  }
  if (mine.status !== 'ready') return null;
  const { review, canReview } = mine;

  async function save(content: ReviewContent) {
    const saved = review ? await editReview(review._id, content) : await postReview(productId, content);
    setMine({ status: 'ready', review: saved, canReview: false });
    setEditing(false);
    void showToast('success', review ? labels.saved : labels.posted);
    router.refresh();
  }

  async function remove(current: OwnReview) {
    if (!window.confirm(labels.deleteConfirm)) return;
    try {
      await removeReview(current._id);
      setMine({ status: 'ready', review: null, canReview: true });
      void showToast('success', labels.deleted);
      router.refresh();
    } catch (error) {
      void showToast('error', await lazyFailureText(error, locale, labels.delete));
    }
  }

  if (review && !editing) {
    return (
      <section aria-labelledby="my-review-title" className="rounded-2xl border border-line bg-white p-5" data-testid="my-review">
        <h3 id="my-review-title" className="font-semibold text-ink">
          {labels.yours}
        </h3>
        <div className="mt-2 flex flex-col gap-2">
          <Stars rating={review.rating} label={fillTemplate(labels.rated, { n: review.rating })} />
          {review.title ? <p className="font-semibold">{review.title}</p> : null}
          <p className="whitespace-pre-line">{review.text}</p>
          <FormMessage tone={review.state === 'rejected' ? 'error' : review.state === 'pending' ? 'info' : 'success'}>{labels.state[review.state]}</FormMessage>
          <div className="flex gap-3">
            <TextButton onClick={() => setEditing(true)}>{labels.edit}</TextButton>
            <TextButton onClick={() => void remove(review)}>{labels.delete}</TextButton>
          </div>
        </div>
      </section>
    );
  }
  if (review || canReview) {
    return (
      <section aria-labelledby="write-review-title" className="rounded-2xl border border-line bg-white p-5">
        <h3 id="write-review-title" className="mb-4 font-semibold text-ink">
          {review ? labels.yours : labels.title}
        </h3>
        <Suspense fallback={<div className="min-h-64" aria-busy="true" />}>
          <ReviewEditor review={review ?? undefined} onSave={save} onCancel={review ? () => setEditing(false) : undefined} />
        </Suspense>
      </section>
    );
  }
  return <p className="text-sm text-muted">{labels.notBuyer}</p>;
}
