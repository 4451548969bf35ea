'use client';

import { lazy, Suspense } from 'react';
import type { ModerationState } from '@shop/domain/review';
import { useUI } from '@modules/common/ui-store';

export interface MyReviewLabels {
  title: string;
  signIn: string;
  signInButton: string;
  notBuyer: string;
  yours: string;
  edit: string;
  delete: string;
  deleteConfirm: string;
  posted: string;
  saved: string;
  deleted: string;
  /** "Rated {n} out of 5". */
  rated: string;
  state: Record<ModerationState, string>;
}

// The signed-in part (the shopper's own review, its API calls, the form controls) is fetched only for a signed-in
// shopper, not with every visitor's product page (decision 115).
const OwnReview = lazy(() => import('./own-review'));

/**
 * The visitor's part of a product's reviews: signed out, a prompt to sign in; signed in, their own review or the form
 * to write one (own-review.tsx). Strings arrive translated (decision 018).
 */
export function MyReview({ productId, labels }: { productId: string; labels: MyReviewLabels }) {
  const isAuthorized = useUI((s) => s.isAuthorized);
  const openModal = useUI((s) => s.openModal);
  if (!isAuthorized) {
    return (
      <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
        {labels.signIn}
        <button
          type="button"
          onClick={() => openModal()}
          className="min-h-11 rounded px-1 font-medium text-brand underline-offset-4 hover:underline disabled:text-muted disabled:no-underline"
        >
          {labels.signInButton}
        </button>
      </p>
    );
  }
  return (
    <Suspense fallback={null}>
      <OwnReview productId={productId} labels={labels} />
    </Suspense>
  );
}
