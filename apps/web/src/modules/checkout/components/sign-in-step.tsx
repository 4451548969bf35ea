'use client';

import { useTranslations } from 'next-intl';
import { useUI } from '@modules/common/ui-store';

/**
 * Checkout needs sign-in: the step says so and its button opens the sign-in modal (its default view, the OTP login).
 * The modal does not open by itself: its code arrives a moment after the page, and opening then took the focus from
 * wherever the shopper had started typing; focus moves only on the shopper's action (issue 25, decision 078). Signing
 * in there refreshes this page in place, so the cart (kept in the browser) is untouched.
 */
export function SignInStep() {
  const t = useTranslations('checkout.signIn');
  const openModal = useUI((s) => s.openModal);
  return (
    <section aria-labelledby="checkout-sign-in" className="rounded-xl border border-line bg-white p-4 sm:p-6">
      <h2 id="checkout-sign-in" className="text-lg font-semibold">
        {t('title')}
      </h2>
      <p className="mt-1 text-muted">{t('intro')}</p>
      <button
        type="button"
        aria-haspopup="dialog"
        onClick={() => openModal('OTP_LOGIN_VIEW', null)}
        className="mt-4 inline-flex min-h-11 items-center justify-center rounded-full bg-brand px-6 py-2.5 font-semibold text-white hover:bg-brand-strong"
      >
        {t('button')}
      </button>
    </section>
  );
}
