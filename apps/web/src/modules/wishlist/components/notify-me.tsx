'use client';

import { lazy, Suspense, useState, useSyncExternalStore } from 'react';
import { chosenVariant, noChosenVariant, subscribeToChosenVariant } from '@modules/catalogue/lib/chosen-variant';

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

interface NotifyMeProps {
  productId: string;
  /** The product's options (sizes, colours…) with their stock; empty for a product without options. */
  options?: { _id: string; stock: number }[];
  /** The option the server chose (from ?variant= or the first in stock). */
  initialVariantId?: string;
  labels: NotifyMeLabels;
}

/**
 * "Notify me when it is back" on a product that is out of stock (issue 24, decision 100), or on a sold-out option of
 * it (decision 118): it follows the option picked in the buy box, shows only while that option is sold out, and asks
 * for THAT option. Keyed by the option, so picking another starts afresh.
 */
export function NotifyMe({ productId, options = [], initialVariantId, labels }: NotifyMeProps) {
  const picked = useSyncExternalStore(subscribeToChosenVariant, chosenVariant, noChosenVariant);
  const option = options.find((candidate) => candidate._id === (picked ?? initialVariantId));
  // A product without options (or none picked): the server showed this only when the product is sold out.
  if (options.length > 0 && option && option.stock > 0) return null;
  return <NotifyMeOpener key={option?._id ?? productId} productId={productId} variantId={option?._id} labels={labels} />;
}

/**
 * A button that opens a small form, e-mail or SMS (notify-me-form.tsx). The outcome is announced in a live region
 * that is there from the start.
 */
function NotifyMeOpener({ productId, variantId, labels }: { productId: string; variantId: string | undefined; labels: NotifyMeLabels }) {
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
          <NotifyMeForm productId={productId} variantId={variantId} labels={labels} onDone={() => setDone(true)} />
        </Suspense>
      ) : (
        opener
      )}
    </div>
  );
}
