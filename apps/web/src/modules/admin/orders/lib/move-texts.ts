import 'server-only';
import { orderStatuses } from '@shop/domain/order-status';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import type { StatusMoveTexts } from '../components/status-move-form';

/** The status move form's texts, resolved on the server (the form is a client leaf). */
export function statusMoveTexts(t: AdminTranslate): StatusMoveTexts {
  return {
    to: t('move.to'),
    choose: t('move.choose'),
    note: t('move.note'),
    reason: t('move.reason'),
    reasonHint: t('move.reasonHint'),
    carrier: t('move.carrier'),
    number: t('move.number'),
    link: t('move.link'),
    submit: t('move.submit'),
    // {status} is filled in by the form with the new status's label.
    done: t('move.done', { status: '{status}' }),
    failed: t('move.failed'),
    statuses: Object.fromEntries(orderStatuses.map((status) => [status, t(`status.${status}`)])),
  };
}
