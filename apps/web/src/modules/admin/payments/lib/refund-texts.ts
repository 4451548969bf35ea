import 'server-only';
import type { AdminPaymentDetail } from '@shop/domain/admin/payments';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import type { RefundTexts } from '../components/refund-dialog';

/** The refund dialog's texts, resolved on the server (the dialog is a client leaf); {placeholders} are filled in by it. */
export function refundTexts(t: AdminTranslate, number: string): RefundTexts {
  return {
    open: t('refund.open'),
    title: t('refund.title', { number }),
    left: t('refund.left', { amount: '{amount}' }),
    kind: t('refund.kind'),
    full: t('refund.full', { amount: '{amount}' }),
    lines: t('refund.lines'),
    amount: t('refund.amount'),
    line: t('refund.line', { name: '{name}', max: '{max}' }),
    amountLabel: t('refund.amountLabel'),
    reason: t('refund.reason'),
    reasonHint: t('refund.reasonHint'),
    restock: t('refund.restock'),
    submit: t('refund.submit'),
    cancel: t('refund.cancel'),
    done: t('refund.done', { amount: '{amount}' }),
    failed: t('refund.failed'),
  };
}

/**
 * Why a refund cannot put this order's items back in stock, or null when it may: they came back already, with the
 * cancellation or with the returned parcel put on sale (the API's `stockReturned`, the rule it refuses `restock` by).
 */
export function restockUnavailable(t: AdminTranslate, detail: AdminPaymentDetail): string | null {
  if (!detail.stockReturned) return null;
  return t(detail.payment.orderStatus === 'cancelled' ? 'refund.restockCancelled' : 'refund.restockReturned');
}
