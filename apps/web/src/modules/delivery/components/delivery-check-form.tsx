'use client';

import { type FormEvent, useEffect, useId, useState } from 'react';
import { BrowserApiError } from '@lib/api/browser-client';
import { type DeliveryEstimate, fetchDeliveryEstimate } from '@lib/api/delivery-browser';
import { fill, formatDeliveryRange, rememberedPincode, rememberPincode } from '../lib/delivery-format';

export interface DeliveryCheckLabels {
  title: string;
  pincode: string;
  hint: string;
  check: string;
  checking: string;
  /** "Delivered by {range}" */
  deliveredBy: string;
  /** "to {city}, {state}" */
  place: string;
  codAvailable: string;
  codUnavailable: string;
  notServiceable: string;
  failed: string;
  /** The delivery refusals' texts by code, with {pincode} left in. */
  refusals: Record<string, string>;
}

type State = { kind: 'idle' } | { kind: 'checking' } | { kind: 'answer'; estimate: DeliveryEstimate } | { kind: 'refused'; text: string };

/**
 * "Check delivery" on the product page (issue 22): a pincode field that asks the API for the promise to that pincode
 * for this product, says it in the shopper's language, and remembers the pincode on this device for the next product.
 */
export function DeliveryCheckForm({ productId, locale, labels }: { productId: string; locale: string; labels: DeliveryCheckLabels }) {
  const [pincode, setPincode] = useState('');
  const [state, setState] = useState<State>({ kind: 'idle' });
  const id = useId();

  const check = async (value: string) => {
    // Not six digits: said at once, without asking the API (which would refuse it the same way).
    if (!/^[1-9]\d{5}$/.test(value)) {
      setState({ kind: 'refused', text: labels.refusals.delivery_pincode_invalid || labels.failed });
      return;
    }
    setState({ kind: 'checking' });
    try {
      const estimate = await fetchDeliveryEstimate(value, productId);
      rememberPincode(estimate.pincode);
      setState({ kind: 'answer', estimate });
    } catch (error) {
      const text = error instanceof BrowserApiError ? labels.refusals[error.code] : undefined;
      setState({ kind: 'refused', text: text ? fill(text, { pincode: value }) : labels.failed });
    }
  };

  // A pincode checked before (on any product) is checked again at once: the shopper sees their dates without typing.
  useEffect(() => {
    const remembered = rememberedPincode();
    if (!remembered) return;
    // localStorage is only readable after hydration (the server has none), so the field is filled here, once.
    // eslint-disable-next-line react-hooks/set-state-in-effect -- syncing from the browser's storage, an outside system
    setPincode(remembered);
    void check(remembered);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on mount
  }, []);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void check(pincode.trim());
  };

  const refused = state.kind === 'refused';
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2" data-testid="delivery-check">
      <h2 id={`${id}-title`} className="font-sans text-sm font-semibold text-ink">
        {labels.title}
      </h2>
      <form onSubmit={onSubmit} className="flex flex-wrap items-end gap-2" noValidate>
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-pincode`} className="text-xs text-muted">
            {labels.pincode}
          </label>
          <input
            id={`${id}-pincode`}
            name="pincode"
            inputMode="numeric"
            autoComplete="postal-code"
            maxLength={6}
            dir="ltr"
            value={pincode}
            onChange={(event) => setPincode(event.target.value.replace(/\D/g, '').slice(0, 6))}
            aria-invalid={refused || undefined}
            aria-describedby={`${id}-result`}
            className="w-32 rounded-md border border-line bg-surface px-3 py-2 text-sm text-ink"
          />
        </div>
        <button
          type="submit"
          disabled={state.kind === 'checking'}
          className="rounded-md border border-brand px-4 py-2 text-sm font-semibold text-brand hover:bg-brand-soft disabled:opacity-60"
        >
          {state.kind === 'checking' ? labels.checking : labels.check}
        </button>
      </form>
      <div id={`${id}-result`} aria-live="polite" className="text-sm text-ink" data-testid="delivery-result">
        {state.kind === 'idle' ? <p className="text-xs text-muted">{labels.hint}</p> : null}
        {state.kind === 'refused' ? (
          <p role="alert" className="text-danger">
            {state.text}
          </p>
        ) : null}
        {state.kind === 'answer' ? <Answer estimate={state.estimate} locale={locale} labels={labels} /> : null}
      </div>
    </section>
  );
}

function Answer({ estimate, locale, labels }: { estimate: DeliveryEstimate; locale: string; labels: DeliveryCheckLabels }) {
  const values = { pincode: estimate.pincode, city: estimate.city, state: estimate.state };
  if (!estimate.serviceable || !estimate.earliest || !estimate.latest) return <p className="text-danger">{fill(labels.notServiceable, values)}</p>;
  return (
    <>
      <p>
        <strong className="font-semibold">{fill(labels.deliveredBy, { range: formatDeliveryRange(estimate.earliest, estimate.latest, locale) })}</strong>{' '}
        <span className="text-muted">{fill(labels.place, values)}</span>
      </p>
      <p className="text-muted">{fill(estimate.cod ? labels.codAvailable : labels.codUnavailable, values)}</p>
    </>
  );
}
