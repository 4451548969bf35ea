'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { useEffect, useState } from 'react';
import type { OwnReview, ReviewContent } from '@shop/domain/review';
import { editReview, myReview, postReview, removeReview } from '@lib/api/engagement-browser';
import { FormMessage, TextButton } from '@modules/auth/components/form-controls';
import { useUI } from '@modules/common/ui-store';
import { failureText, showToast } from '@modules/contact/lib/toast';
import { ReviewForm } from './review-form';
import { Stars } from './star-input';

type Mine = { status: 'loading' } | { status: 'failed' } | { status: 'ready'; review: OwnReview | null; canReview: boolean };

/**
 * The visitor's part of a product's reviews: sign in to review; the form when one of their orders with the product
 * was delivered; their own review (with its moderation state) to edit or delete. After a change the page's list and
 * summary are refreshed from the server.
 */
export function MyReview({ productId }: { productId: string }) {
  const t = useTranslations('reviews.write');
  const router = useRouter();
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
        {t('signIn')}
        <TextButton onClick={() => openModal()}>{t('signInButton')}</TextButton>
      </p>
    );
  }
  if (mine.status !== 'ready') return null;

  async function save(content: ReviewContent) {
    const review = mine.status === 'ready' && mine.review ? await editReview(mine.review._id, content) : await postReview(productId, content);
    setMine({ status: 'ready', review, canReview: false });
    setEditing(false);
    void showToast('success', mine.status === 'ready' && mine.review ? t('saved') : t('posted'));
    router.refresh();
  }

  async function remove(review: OwnReview) {
    if (!window.confirm(t('deleteConfirm'))) return;
    try {
      await removeReview(review._id);
      setMine({ status: 'ready', review: null, canReview: true });
      void showToast('success', t('deleted'));
      router.refresh();
    } catch (error) {
      void showToast('error', failureText(error, t('delete')));
    }
  }

  const { review, canReview } = mine;
  if (review && !editing) {
    return (
      <section aria-labelledby="my-review-title" className="rounded-2xl border border-line bg-white p-5" data-testid="my-review">
        <h3 id="my-review-title" className="font-semibold text-ink">
          {t('yours')}
        </h3>
        <div className="mt-2 flex flex-col gap-2">
          <Stars rating={review.rating} label={t('star', { n: review.rating })} />
          {review.title ? <p className="font-semibold">{review.title}</p> : null}
          <p className="whitespace-pre-line">{review.text}</p>
          <FormMessage tone={review.state === 'rejected' ? 'error' : review.state === 'pending' ? 'info' : 'success'}>{t(`state.${review.state}`)}</FormMessage>
          <div className="flex gap-3">
            <TextButton onClick={() => setEditing(true)}>{t('edit')}</TextButton>
            <TextButton onClick={() => remove(review)}>{t('delete')}</TextButton>
          </div>
        </div>
      </section>
    );
  }
  if (review || canReview) {
    return (
      <section aria-labelledby="write-review-title" className="rounded-2xl border border-line bg-white p-5">
        <h3 id="write-review-title" className="mb-4 font-semibold text-ink">
          {review ? t('yours') : t('title')}
        </h3>
        <ReviewForm review={review ?? undefined} onSave={save} onCancel={review ? () => setEditing(false) : undefined} />
      </section>
    );
  }
  return <p className="text-sm text-muted">{t('notBuyer')}</p>;
}
