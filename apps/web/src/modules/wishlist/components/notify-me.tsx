'use client';

import { lazy, Suspense, useState } from 'react';

export interface NotifyMeLabels {
  open: string;
  intro: string;
  channel: string;
  email: string;
  sms: string;
  emailLabel: string;
  phoneLabel: string;
  submit: string;
  done: string;
  failed: string;
  /** The refusals this form can meet, by code, in the shopper's language (the `refusals` namespace, decision 037). */
  refusals: Record<string, string>;
}

// The form's code (and the API client it sends with) is fetched when the shopper first points at or opens it, not
// with the product page (decision 115).
const loadForm = () => import('./notify-me-form');
const NotifyMeForm = lazy(loadForm);

const openerClass = 'min-h-11 w-full rounded-full border border-brand px-5 text-base font-semibold text-brand hover:bg-brand-soft sm:w-auto';

/**
 * "Notify me when it is back" on a product that is out of stock (issue 24, decision 100): a button that opens a small
 * form, e-mail or SMS (notify-me-form.tsx). The outcome is announced in a live region that is there from the start.
 */
export function NotifyMe({ productId, labels }: { productId: string; labels: NotifyMeLabels }) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState(false);
  const opener = (
    <button type="button" onClick={() => setOpen(true)} onPointerEnter={() => void loadForm()} onFocus={() => void loadForm()} className={openerClass}>
      {labels.open}
    </button>
  );
  return (
    <div>
      {/* One live region for the outcome, there from the start, so the change is announced. */}
      <p role="status" className={done ? 'rounded-lg bg-brand-soft px-4 py-3 text-sm text-ink' : 'sr-only'}>
        {done ? labels.done : ''}
      </p>
      {done ? null : open ? (
        <Suspense fallback={opener}>
          <NotifyMeForm productId={productId} labels={labels} onDone={() => setDone(true)} />
        </Suspense>
      ) : (
        opener
      )}
    </div>
  );
}
