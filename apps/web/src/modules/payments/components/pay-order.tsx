'use client';

import { formatInr } from '@shop/domain/money';
import type { CheckoutPayment } from '@shop/domain/order';
import { useLocale, useTranslations } from 'next-intl';
import { useCallback, useEffect, useRef, useState } from 'react';
import { BrowserApiError } from '@lib/api/browser-client';
import type { CodedText } from '@lib/api/refusal';
import { refusalText, type RefusalTranslator } from '@lib/api/refusal-text';
import { loadCheckoutScript } from '../lib/checkout-script';
import { openCheckout } from '../lib/open-checkout';
import { payOnDelivery, verifyPayment } from '../lib/payments-browser';

export interface PayOrderProps {
  orderId: string;
  orderNumber: string;
  payment: CheckoutPayment;
  /** When the order's stock reservation ends (ISO), or null. */
  holdUntil: string | null;
  /** Every line may be paid on delivery (the server checks again when asked). */
  codAllowed: boolean;
  shopName: string;
  prefill?: { name?: string; contact?: string };
  /** Open the checkout at once (right after placing the order); otherwise on the shopper's press. */
  autoOpen?: boolean;
  /** The payment was verified by the server (or the order is now paid on delivery): the page moves on. */
  onDone: (orderId: string, how: 'paid' | 'cod') => void;
}

type Stage =
  | { kind: 'ready' }
  | { kind: 'opening' }
  | { kind: 'verifying' }
  | { kind: 'switching' }
  | { kind: 'done'; how: 'paid' | 'cod' }
  | { kind: 'dismissed' }
  | { kind: 'failed' }
  | { kind: 'loadFailed' }
  | { kind: 'refused'; refusal: CodedText };

/**
 * Paying a prepaid order (issue 20): opens the provider's checkout (the script the API named, loaded only now), sends
 * its signed result to the API to verify, and moves on once the server says paid. A failed or closed payment says so
 * and offers another try (the same order, while its stock is held) or, where allowed, cash on delivery instead. The
 * cart is not touched here: the page empties it once the order is paid or switched.
 */
export function PayOrder({ orderId, orderNumber, payment, holdUntil, codAllowed, shopName, prefill, autoOpen = false, onDone }: PayOrderProps) {
  const t = useTranslations('checkout.pay');
  const tRefusal = useTranslations('refusals') as unknown as RefusalTranslator;
  const locale = useLocale();
  const [stage, setStage] = useState<Stage>({ kind: autoOpen ? 'opening' : 'ready' });
  const messageRef = useRef<HTMLDivElement>(null);
  const busyRef = useRef(false);
  const openedRef = useRef(false);

  const show = useCallback((next: Stage) => {
    setStage(next);
    requestAnimationFrame(() => messageRef.current?.focus());
  }, []);

  const pay = useCallback(async () => {
    if (busyRef.current) return;
    busyRef.current = true;
    setStage({ kind: 'opening' });
    try {
      let Razorpay;
      try {
        Razorpay = await loadCheckoutScript(payment.scriptUrl);
      } catch {
        show({ kind: 'loadFailed' });
        return;
      }
      const outcome = await openCheckout(Razorpay, payment, { shopName, orderNumber, locale, ...(prefill ? { prefill } : {}) });
      if (outcome.kind === 'dismissed') return show({ kind: 'dismissed' });
      if (outcome.kind === 'failed') return show({ kind: 'failed' });
      setStage({ kind: 'verifying' });
      try {
        await verifyPayment(orderId, outcome.result);
        setStage({ kind: 'done', how: 'paid' });
        onDone(orderId, 'paid');
      } catch (caught) {
        show(caught instanceof BrowserApiError ? { kind: 'refused', refusal: caught } : { kind: 'loadFailed' });
      }
    } finally {
      busyRef.current = false;
    }
  }, [payment, shopName, orderNumber, locale, prefill, orderId, onDone, show]);

  async function switchToCod() {
    if (busyRef.current) return;
    busyRef.current = true;
    setStage({ kind: 'switching' });
    try {
      await payOnDelivery(orderId);
      setStage({ kind: 'done', how: 'cod' });
      onDone(orderId, 'cod');
    } catch (caught) {
      show(caught instanceof BrowserApiError ? { kind: 'refused', refusal: caught } : { kind: 'loadFailed' });
    } finally {
      busyRef.current = false;
    }
  }

  useEffect(() => {
    if (!autoOpen || openedRef.current) return;
    openedRef.current = true;
    busyRef.current = false;
    void pay();
  }, [autoOpen, pay]);

  const busy = stage.kind === 'opening' || stage.kind === 'verifying' || stage.kind === 'switching' || stage.kind === 'done';
  const attempted = stage.kind === 'dismissed' || stage.kind === 'failed' || stage.kind === 'loadFailed' || stage.kind === 'refused';
  const time = holdUntil
    ? new Intl.DateTimeFormat(locale === 'en' ? 'en-IN' : locale, { timeStyle: 'short', timeZone: 'Asia/Kolkata' }).format(new Date(holdUntil))
    : null;

  let message: { title: string; text: string } | null = null;
  if (stage.kind === 'dismissed') message = { title: t('dismissedTitle'), text: codAllowed ? t('dismissed') : t('dismissedNoCod') };
  if (stage.kind === 'failed') message = { title: t('failedTitle'), text: codAllowed ? t('failed') : t('failedNoCod') };
  if (stage.kind === 'loadFailed') message = { title: t('refusedTitle'), text: t('loadFailed') };
  if (stage.kind === 'refused') message = { title: t('refusedTitle'), text: refusalText(stage.refusal, tRefusal, locale) };
  const progress =
    stage.kind === 'opening'
      ? t('opening')
      : stage.kind === 'verifying'
        ? t('verifying')
        : stage.kind === 'switching'
          ? t('switching')
          : stage.kind === 'done'
            ? stage.how === 'paid'
              ? t('paid')
              : t('switched')
            : null;

  return (
    <section aria-labelledby={`pay-${orderId}`} className="rounded-xl border border-line bg-white p-4 sm:p-6" data-pay-order={orderId}>
      <h2 id={`pay-${orderId}`} className="text-lg font-semibold">
        {t('title', { number: orderNumber })}
      </h2>
      <p className="mt-2 text-base font-medium">{t('amount', { amount: formatInr(payment.amount) })}</p>
      {time ? <p className="mt-1 text-sm text-muted">{t('holdUntil', { time })}</p> : null}
      <p className="mt-1 text-sm text-muted">{t('cartKept')}</p>
      <p role="status" className="mt-3 min-h-5 text-sm font-medium text-ink">
        {progress}
      </p>
      {message ? (
        <div
          ref={messageRef}
          tabIndex={-1}
          role="alert"
          className="mt-3 rounded-lg bg-danger/10 p-3 text-sm text-danger focus:outline-none focus:ring-2 focus:ring-danger/40"
        >
          <p className="font-semibold">{message.title}</p>
          <p className="mt-1">{message.text}</p>
        </div>
      ) : null}
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          onClick={() => void pay()}
          disabled={busy}
          aria-busy={stage.kind === 'opening' || stage.kind === 'verifying' || undefined}
          className="inline-flex min-h-11 items-center justify-center rounded-full bg-brand px-6 font-semibold text-white hover:bg-brand-strong disabled:opacity-60"
        >
          {attempted ? t('retry') : t('payNow')}
        </button>
        {codAllowed && (attempted || !autoOpen) ? (
          <button
            type="button"
            onClick={() => void switchToCod()}
            disabled={busy}
            aria-busy={stage.kind === 'switching' || undefined}
            className="inline-flex min-h-11 items-center justify-center rounded-full border border-brand px-6 font-semibold text-brand hover:bg-brand-soft/40 disabled:opacity-60"
          >
            {t('switchToCod')}
          </button>
        ) : null}
      </div>
      {!codAllowed && attempted ? <p className="mt-2 text-sm text-muted">{t('codUnavailable')}</p> : null}
    </section>
  );
}
