import 'server-only';
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
