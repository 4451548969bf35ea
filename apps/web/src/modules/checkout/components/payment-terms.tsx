'use client';

import { formatInr } from '@shop/domain/money';
import { useTranslations } from 'next-intl';
import { createContext, type ReactNode, useContext } from 'react';
import type { CodNotice } from '../lib/cod';

/**
 * The shop's cash-on-delivery terms at the payment step (issue 20, decision 065): why cash on delivery is not offered
 * (a blocked pincode, over the maximum), its fee, what paying online saves, and the SMS confirmation a COD order
 * waits for. The checkout form provides the notice (codNotice: the server's rules on this cart and address); the
 * payment step renders <PaymentTerms /> wherever it wants it, so the step itself needs no new props.
 */
const PaymentTermsContext = createContext<CodNotice | null>(null);

export function PaymentTermsProvider({ notice, children }: { notice: CodNotice; children: ReactNode }) {
  return <PaymentTermsContext.Provider value={notice}>{children}</PaymentTermsContext.Provider>;
}

/** The id of the reason COD is off, for a COD choice's aria-describedby. */
export const COD_TERMS_REASON_ID = 'checkout-cod-terms-reason';

export function PaymentTerms() {
  const notice = useContext(PaymentTermsContext);
  const t = useTranslations('checkout.paymentTerms');
  if (!notice) return null;
  const { block } = notice;
  const lines: ReactNode[] = [];
  if (block) {
    lines.push(
      <li key="block" id={COD_TERMS_REASON_ID} className="text-danger" data-testid="cod-terms-block">
        {block.reason === 'pincode'
          ? t('blockedPincode', { pincode: block.pincode })
          : t('overMaximum', { limit: formatInr(block.limit), total: formatInr(notice.codTotal) })}
      </li>,
    );
  }
  if (notice.fee > 0) {
    lines.push(
      <li key="fee" data-testid="cod-terms-fee">
        {t('fee', { fee: formatInr(notice.fee) })}
      </li>,
    );
  }
  if (notice.prepaidSaving > 0 && notice.prepaidDiscount) {
    lines.push(
      <li key="saving" data-testid="cod-terms-saving">
        {t('prepaidSaving', {
          amount: formatInr(notice.prepaidSaving),
          percent: notice.prepaidDiscount.percent,
          cap: formatInr(notice.prepaidDiscount.cap),
        })}
      </li>,
    );
  }
  if (notice.confirmation !== 'off' && !block) {
    lines.push(
      <li key="confirm" data-testid="cod-terms-confirmation">
        {t(notice.confirmation === 'sms_code' ? 'confirmByCode' : 'confirmByLink', { hours: notice.confirmWithinHours })}
      </li>,
    );
  }
  if (lines.length === 0) return null;
  return (
    <ul className="mt-3 flex list-disc flex-col gap-1 ps-5 text-sm text-ink/90" aria-label={t('label')} data-testid="payment-terms">
      {lines}
    </ul>
  );
}
