'use client';

import { useTranslations } from 'next-intl';
import { forwardRef } from 'react';
import { PaymentTerms } from './payment-terms';

interface PaymentStepProps {
  cashOnDelivery: boolean;
  onCashOnDelivery: () => void;
  /** Online payment (Razorpay Checkout: UPI, cards, netbanking) is chosen. */
  online: boolean;
  onOnline: () => void;
  /** Lines that rule out cash on delivery (cod false), by name; empty when it is allowed. */
  blockers: string[];
  error: string | null;
}

/**
 * Payment: online through Razorpay Checkout (UPI, cards, netbanking; its script is loaded only when the shopper pays,
 * modules/payments), or cash on delivery. Cash on delivery is disabled, with the lines to blame named, when any line
 * has cod false (spec §4).
 */
export const PaymentStep = forwardRef<HTMLFieldSetElement, PaymentStepProps>(function PaymentStep(
  { cashOnDelivery, onCashOnDelivery, online, onOnline, blockers, error },
  ref,
) {
  const t = useTranslations('checkout.payment');
  const blocked = blockers.length > 0;
  const describedBy = [blocked ? 'checkout-cod-reason' : null, error ? 'checkout-payment-error' : null].filter(Boolean).join(' ') || undefined;
  return (
    <fieldset ref={ref} tabIndex={-1} className="rounded-xl border border-line bg-white p-4 focus:outline-none sm:p-6">
      <legend className="px-1 text-lg font-semibold">{t('legend')}</legend>
      {error ? (
        <p id="checkout-payment-error" role="alert" className="mb-3 text-sm text-danger">
          {error}
        </p>
      ) : null}
      <div className="grid gap-3">
        <label className={`flex cursor-pointer gap-3 rounded-lg border p-3 ${online ? 'border-brand bg-brand-soft/40' : 'border-line'}`}>
          <input
            type="radio"
            name="paymentMethod"
            value="prepaid"
            checked={online}
            aria-describedby={['checkout-online-hint', error ? 'checkout-payment-error' : null].filter(Boolean).join(' ')}
            onChange={onOnline}
            className="mt-1 h-5 w-5 shrink-0 accent-brand"
          />
          <span className="text-sm">
            <span className="block font-semibold text-ink">{t('online')}</span>
            <span id="checkout-online-hint" className="block text-muted">
              {t('onlineHint')}
            </span>
          </span>
        </label>
        <label
          className={`flex gap-3 rounded-lg border p-3 ${blocked ? 'cursor-not-allowed border-line bg-surface' : 'cursor-pointer'} ${cashOnDelivery && !online ? 'border-brand bg-brand-soft/40' : 'border-line'}`}
        >
          <input
            type="radio"
            name="paymentMethod"
            value="cod"
            checked={cashOnDelivery && !online && !blocked}
            disabled={blocked}
            aria-describedby={describedBy}
            onChange={onCashOnDelivery}
            className="mt-1 h-5 w-5 shrink-0 accent-brand"
          />
          <span className="text-sm">
            <span className={`block font-semibold ${blocked ? 'text-muted' : 'text-ink'}`}>{t('cod')}</span>
            <span className="block text-muted">{t('codHint')}</span>
            {blocked ? (
              <span id="checkout-cod-reason" className="mt-1 block text-danger">
                {t('codUnavailable', { names: blockers.join(', '), count: blockers.length })}
              </span>
            ) : null}
          </span>
        </label>
      </div>
      <PaymentTerms />
    </fieldset>
  );
});
