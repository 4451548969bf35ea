'use client';

import type { OrderTracking } from '@shop/domain/order';
import type { OrderStatus } from '@shop/domain/order-status';
import { useTranslations } from 'next-intl';
import { useId, useRef, useState, type FormEvent } from 'react';
import { BrowserApiError } from '@lib/api/browser-client';
import { trackOrder } from '@lib/api/orders-browser';
import { fieldTexts, refusalText, type RefusalTranslator } from '@lib/api/refusal-text';
import type { Locale } from '@lib/locale/config';
import { formatInr } from '@shop/domain/money';
import { paymentStatusKey } from '@modules/payments/lib/payment-display';
import { formatOrderTime } from '../lib/format-time';
import { trackInputRefusals } from '../lib/track-input';
import type { PaymentTexts } from '../lib/texts';
import { buildTimeline, type TimelineState } from '../lib/timeline';
import { StatusTimeline } from './status-timeline';
import { type JourneyTitles, ShipmentJourney } from './shipment-journey';
import type { ShipmentTimelineTexts } from './shipment-timeline';
import { type TrackingPanelLabels, TrackingPanel } from './tracking-panel';

interface TrackOrderLabels {
  number: string;
  numberHint: string;
  mobile: string;
  submit: string;
  checking: string;
  failed: string;
  result: string;
  timeline: string;
}

interface TrackOrderFormProps {
  labels: TrackOrderLabels;
  statusLabels: Record<OrderStatus, string>;
  stateLabels: Record<TimelineState, string>;
  /** How the order is paid, its payment status and refunds (issue 20). */
  paymentTexts: PaymentTexts;
  /** The shipment's courier, AWB and dates, and the parcel's journey (issue 22). */
  trackingLabels: TrackingPanelLabels;
  journeyTexts: ShipmentTimelineTexts;
  journeyTitles: JourneyTitles;
  locale: Locale;
  /** The order the page is about (its confirmation): the fields start with its number and delivery mobile. */
  prefill?: { number: string; mobile: string };
}

/**
 * Track an order by its number and the mobile number on it (public, POST /api/order/track). The server checks both
 * and says what is wrong per field, by code (shown in the visitor's language through the `refusals` texts the page
 * provides, decision 037); the answer is the status timeline and the parcel's journey with its courier and AWB,
 * nothing personal.
 */
export function TrackOrderForm({
  labels,
  statusLabels,
  stateLabels,
  paymentTexts,
  trackingLabels,
  journeyTexts,
  journeyTitles,
  locale,
  prefill,
}: TrackOrderFormProps) {
  const t = useTranslations('refusals') as unknown as RefusalTranslator;
  const id = useId();
  const [number, setNumber] = useState(prefill?.number ?? '');
  const [mobile, setMobile] = useState(prefill?.mobile ?? '');
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<OrderTracking | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<{ number?: string; mobile?: string }>({});
  const numberRef = useRef<HTMLInputElement>(null);
  const mobileRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  const resultRef = useRef<HTMLElement>(null);

  /** Shows each field's refusal beside it and takes focus to the first field refused. */
  function showFieldErrors(errors: { number?: string; mobile?: string }) {
    setFieldErrors(errors);
    requestAnimationFrame(() => (errors.number ? numberRef : mobileRef).current?.focus());
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setResult(null);
    // The API's own checks first, here: an empty or mistyped field is refused without a request (the API would answer
    // 400, which the browser logs as an error).
    const refused = Object.fromEntries(Object.entries(trackInputRefusals(number, mobile)).map(([field, code]) => [field, { code, message: code }]));
    if (Object.keys(refused).length > 0) {
      const texts = fieldTexts(refused, t, locale);
      showFieldErrors({ number: texts.number, mobile: texts.mobile });
      return;
    }
    setBusy(true);
    setFieldErrors({});
    try {
      setResult(await trackOrder({ number, mobile }));
      requestAnimationFrame(() => resultRef.current?.focus());
    } catch (caught) {
      if (caught instanceof BrowserApiError && caught.errors && (caught.errors.number || caught.errors.mobile)) {
        const texts = fieldTexts(caught.errors, t, locale);
        showFieldErrors({ number: texts.number, mobile: texts.mobile });
      } else {
        setError(caught instanceof BrowserApiError ? refusalText(caught, t, locale) : labels.failed);
        requestAnimationFrame(() => errorRef.current?.focus());
      }
    } finally {
      setBusy(false);
    }
  }

  const field = (name: 'number' | 'mobile') => ({
    id: `${id}-${name}`,
    'aria-invalid': fieldErrors[name] ? true : undefined,
    'aria-describedby':
      [name === 'number' ? `${id}-number-hint` : null, fieldErrors[name] ? `${id}-${name}-error` : null].filter(Boolean).join(' ') || undefined,
    className: `min-h-11 w-full rounded-lg border bg-white px-3 py-2 text-base ${fieldErrors[name] ? 'border-danger' : 'border-line'}`,
  });

  return (
    <div className="flex flex-col gap-5">
      <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-4 sm:grid-cols-2">
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-number`} className="text-sm font-medium">
            {labels.number}
          </label>
          <input
            ref={numberRef}
            {...field('number')}
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            autoComplete="off"
            autoCapitalize="characters"
            dir="ltr"
            maxLength={20}
          />
          <p id={`${id}-number-hint`} className="text-xs text-muted">
            {labels.numberHint}
          </p>
          {fieldErrors.number ? (
            <p id={`${id}-number-error`} role="alert" className="text-sm text-danger">
              {fieldErrors.number}
            </p>
          ) : null}
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={`${id}-mobile`} className="text-sm font-medium">
            {labels.mobile}
          </label>
          <input
            ref={mobileRef}
            {...field('mobile')}
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            dir="ltr"
            maxLength={16}
            value={mobile}
            onChange={(e) => setMobile(e.target.value)}
          />
          {fieldErrors.mobile ? (
            <p id={`${id}-mobile-error`} role="alert" className="text-sm text-danger">
              {fieldErrors.mobile}
            </p>
          ) : null}
        </div>
        <div className="sm:col-span-2">
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy || undefined}
            className="inline-flex min-h-11 items-center justify-center rounded-full bg-brand px-6 font-semibold text-white hover:bg-brand-strong disabled:opacity-60"
          >
            {busy ? labels.checking : labels.submit}
          </button>
        </div>
      </form>
      {error ? (
        <p ref={errorRef} tabIndex={-1} role="alert" className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger focus:outline-none">
          {error}
        </p>
      ) : null}
      {result ? (
        <section ref={resultRef} tabIndex={-1} aria-label={labels.result} className="rounded-xl border border-line bg-white p-4 focus:outline-none sm:p-6">
          <h3 className="mb-1 text-lg font-semibold" dir="ltr">
            {result.number}
          </h3>
          <div className="mb-4">
            <TrackingPanel tracking={result.tracking} shipment={result.shipment} labels={trackingLabels} locale={locale} compact />
          </div>
          <dl aria-label={paymentTexts.title} className="mb-4 grid gap-1 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-4">
            <dt className="text-muted">{paymentTexts.method}</dt>
            <dd>{paymentTexts.methods[result.paymentMethod]}</dd>
            <dt className="text-muted">{paymentTexts.status}</dt>
            <dd className="font-semibold">{paymentTexts.statuses[paymentStatusKey(result.paymentMethod, result.paymentStatus)]}</dd>
            {result.amountRefunded > 0 ? (
              <>
                <dt className="text-muted">{paymentTexts.refunded}</dt>
                <dd>{formatInr(result.amountRefunded)}</dd>
              </>
            ) : null}
          </dl>
          <StatusTimeline
            label={labels.timeline}
            stateLabels={stateLabels}
            items={buildTimeline(result.status, result.statusHistory).map((step) => ({
              status: step.status,
              state: step.state,
              label: statusLabels[step.status],
              time: step.at ? formatOrderTime(step.at, locale) : null,
              note: step.note,
            }))}
          />
          <div className="mt-6">
            <ShipmentJourney shipment={result.shipment} texts={journeyTexts} titles={journeyTitles} locale={locale} heading="h4" />
          </div>
        </section>
      ) : null}
    </div>
  );
}
