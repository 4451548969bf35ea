'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef } from 'react';
import { useUI } from '@modules/common/ui-store';

/** Whether focus is in a field that takes text: the shopper may be typing there. */
function typingSomewhere(): boolean {
  const active = document.activeElement;
  if (!(active instanceof HTMLElement)) return false;
  return (
    active.isContentEditable ||
    active instanceof HTMLTextAreaElement ||
    active instanceof HTMLSelectElement ||
    (active instanceof HTMLInputElement && !['button', 'checkbox', 'radio', 'submit', 'reset'].includes(active.type))
  );
}

/**
 * Checkout needs sign-in: the sign-in modal (its default view, the OTP login) opens by itself once, unless the shopper
 * is typing somewhere, and the button opens it again. Signing in there refreshes this page in place, so the cart (kept in the browser) is untouched.
 */
export function SignInStep() {
  const t = useTranslations('checkout.signIn');
  const openModal = useUI((s) => s.openModal);
  const opened = useRef(false);
  useEffect(() => {
    if (opened.current) return;
    opened.current = true;
    // Not while the shopper is typing somewhere (the header's search): the modal would take the focus from them
    // (issue 25). The button below opens it then.
    if (!typingSomewhere()) openModal('OTP_LOGIN_VIEW', null);
  }, [openModal]);
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
