'use client';

import { giftOccasions, occasionTiming, type OccasionTiming } from '@shop/domain/gift/gift-rules';
import { formatInr } from '@shop/domain/money';
import { useLocale, useTranslations } from 'next-intl';
import { forwardRef, useEffect, useId, useState } from 'react';
import { type CartPromise, fetchCartPromise, fetchGiftTerms, type GiftTerms } from '@lib/api/gifting-browser';
import { refusalText, type RefusalTranslator } from '@lib/api/refusal-text';
import { type GiftField, type GiftForm, giftProblems, indiaToday } from '../lib/gift-choice';

interface GiftOptionsProps {
  value: GiftForm;
  onChange: (next: GiftForm) => void;
  /** The shop's gift terms once read (the parent prices the wrap line with them). */
  onTerms: (terms: GiftTerms) => void;
  /** The chosen address's pincode and the cart's products: the delivery promise the occasion is compared with. */
  pincode: string | null;
  productIds: string[];
  /** Show the problems (after a press of "Place order"); before that a half-typed field is not an error. */
  showErrors: boolean;
}

const input =
  'mt-1 block min-h-11 w-full rounded-lg border border-line bg-white px-3 py-2 text-base text-ink focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/30 aria-[invalid=true]:border-danger';

/** "5 December" in the shopper's language, for an ISO date (India's calendar, so no time zone shift). */
function dayLabel(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
}

/**
 * "This is a gift" at checkout (issue 24): the recipient's name and mobile (the parcel goes to the address chosen
 * above, which may be theirs), a counted gift message for the packing slip, gift wrap at the shop's price, and the
 * occasion with its date, compared with the delivery promise for this cart and address: a clear warning when even
 * the earliest delivery is after it. Its own component, so the checkout form only passes values in and out.
 */
export const GiftOptions = forwardRef<HTMLFieldSetElement, GiftOptionsProps>(function GiftOptions(
  { value, onChange, onTerms, pincode, productIds, showErrors },
  ref,
) {
  const t = useTranslations('checkout.gift');
  const tRefusal = useTranslations('refusals') as unknown as RefusalTranslator;
  const locale = useLocale();
  const id = useId();
  const [terms, setTerms] = useState<GiftTerms | null>(null);
  const [promise, setPromise] = useState<{ key: string; value: CartPromise } | null>(null);
  const today = indiaToday();

  useEffect(() => {
    let cancelled = false;
    fetchGiftTerms()
      .then((answer) => {
        if (cancelled) return;
        setTerms(answer);
        onTerms(answer);
      })
      // Without terms the gift still works, without wrap; the server prices the order anyway.
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, [onTerms]);

  // The promise is asked for only when there is an occasion date to compare it with.
  const promiseKey = value.enabled && value.occasionDate && pincode ? `${pincode}|${productIds.join(',')}` : null;
  useEffect(() => {
    if (!promiseKey || !pincode) return;
    let cancelled = false;
    fetchCartPromise(pincode, productIds)
      .then((answer) => {
        if (!cancelled) setPromise({ key: promiseKey, value: answer });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
    // productIds is part of promiseKey.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [promiseKey]);

  const messageMax = terms?.messageMax ?? 250;
  const problems = showErrors ? giftProblems(value, today, messageMax) : {};
  const set = (change: Partial<GiftForm>) => onChange({ ...value, ...change });
  const field = (name: GiftField) => ({
    id: `${id}-${name}`,
    'aria-invalid': problems[name] ? true : undefined,
    'aria-describedby':
      [problems[name] ? `${id}-${name}-error` : null, name === 'message' ? `${id}-message-count` : null].filter(Boolean).join(' ') || undefined,
  });
  const error = (name: GiftField) =>
    problems[name] ? (
      <p id={`${id}-${name}-error`} className="mt-1 text-sm text-danger">
        {refusalText({ code: problems[name], message: '', params: name === 'message' ? { max: messageMax } : {} }, tRefusal, locale)}
      </p>
    ) : null;

  const current = promise && promise.key === promiseKey && promise.value.serviceable && promise.value.earliest && promise.value.latest ? promise.value : null;
  const timing: OccasionTiming | null =
    current && value.occasionDate ? occasionTiming({ earliest: current.earliest!, latest: current.latest! }, value.occasionDate) : null;
  const occasionName = value.occasion ? t(`occasion.${value.occasion}`) : t('occasion.generic');
  const left = messageMax - value.message.length;

  return (
    <fieldset ref={ref} tabIndex={-1} className="rounded-xl border border-line bg-white p-4 focus:outline-none sm:p-6" data-testid="gift-options">
      <legend className="px-1 text-lg font-semibold">{t('legend')}</legend>
      <label className="flex min-h-11 cursor-pointer items-center gap-3">
        <input
          type="checkbox"
          checked={value.enabled}
          onChange={(event) => set({ enabled: event.target.checked })}
          aria-controls={`${id}-details`}
          aria-expanded={value.enabled}
          className="h-5 w-5 shrink-0 accent-brand"
        />
        <span className="font-semibold text-ink">{t('isGift')}</span>
      </label>
      {value.enabled ? (
        <div id={`${id}-details`} className="mt-3 grid gap-4">
          <p className="text-sm text-muted">{t('addressHint')}</p>
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={`${id}-recipientName`} className="text-sm font-medium text-ink">
                {t('recipientName')}
              </label>
              <input
                {...field('recipientName')}
                type="text"
                autoComplete="off"
                maxLength={80}
                value={value.recipientName}
                onChange={(event) => set({ recipientName: event.target.value })}
                className={input}
              />
              {error('recipientName')}
            </div>
            <div>
              <label htmlFor={`${id}-recipientPhone`} className="text-sm font-medium text-ink">
                {t('recipientPhone')}
              </label>
              <input
                {...field('recipientPhone')}
                type="tel"
                inputMode="tel"
                autoComplete="off"
                dir="ltr"
                maxLength={20}
                value={value.recipientPhone}
                onChange={(event) => set({ recipientPhone: event.target.value })}
                className={input}
              />
              {error('recipientPhone')}
            </div>
          </div>
          <div>
            <label htmlFor={`${id}-message`} className="text-sm font-medium text-ink">
              {t('message')}
            </label>
            <textarea
              {...field('message')}
              rows={3}
              maxLength={messageMax}
              value={value.message}
              onChange={(event) => set({ message: event.target.value })}
              className={input}
            />
            <p id={`${id}-message-count`} className="mt-1 text-sm text-muted" aria-live="polite">
              {t('messageCount', { left, max: messageMax })}
            </p>
            {error('message')}
          </div>
          {terms?.wrapFee !== null && terms?.wrapFee !== undefined ? (
            <label className="flex min-h-11 cursor-pointer items-center gap-3">
              <input type="checkbox" checked={value.wrap} onChange={(event) => set({ wrap: event.target.checked })} className="h-5 w-5 shrink-0 accent-brand" />
              <span className="text-ink">{t('wrap', { price: formatInr(terms.wrapFee) })}</span>
            </label>
          ) : null}
          <div className="grid gap-4 sm:grid-cols-2">
            <div>
              <label htmlFor={`${id}-occasion`} className="text-sm font-medium text-ink">
                {t('occasionLabel')}
              </label>
              <select
                id={`${id}-occasion`}
                value={value.occasion}
                onChange={(event) => set({ occasion: event.target.value as GiftForm['occasion'] })}
                className={input}
              >
                <option value="">{t('occasion.none')}</option>
                {giftOccasions.map((occasion) => (
                  <option key={occasion} value={occasion}>
                    {t(`occasion.${occasion}`)}
                  </option>
                ))}
              </select>
            </div>
            <div>
              <label htmlFor={`${id}-occasionDate`} className="text-sm font-medium text-ink">
                {t('occasionDate')}
              </label>
              <input
                {...field('occasionDate')}
                type="date"
                min={today}
                value={value.occasionDate}
                onChange={(event) => set({ occasionDate: event.target.value })}
                className={input}
              />
              {error('occasionDate')}
            </div>
          </div>
          {timing === 'late' ? (
            <p role="alert" className="rounded-lg bg-danger/10 p-3 text-sm font-semibold text-danger" data-testid="gift-late">
              {t('late', { earliest: dayLabel(current!.earliest!, locale), occasion: occasionName, date: dayLabel(value.occasionDate, locale) })}
            </p>
          ) : timing === 'at_risk' ? (
            <p role="status" className="rounded-lg bg-surface p-3 text-sm text-ink" data-testid="gift-at-risk">
              {t('atRisk', { latest: dayLabel(current!.latest!, locale), occasion: occasionName, date: dayLabel(value.occasionDate, locale) })}
            </p>
          ) : timing === 'on_time' ? (
            <p role="status" className="text-sm text-success" data-testid="gift-on-time">
              {t('onTime', { latest: dayLabel(current!.latest!, locale), occasion: occasionName })}
            </p>
          ) : null}
        </div>
      ) : null}
    </fieldset>
  );
});
