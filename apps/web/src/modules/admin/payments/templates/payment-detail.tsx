import type { AdminPaymentDetail } from '@shop/domain/admin/payments';
import { formatInr } from '@shop/domain/money';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import { formatDateTime } from '@modules/admin/orders/lib/format';
import { PaymentBadge } from '../components/payment-badge';
import { RefundDialog } from '../components/refund-dialog';
import { ResolveFlagForm } from '../components/resolve-flag-form';
import { refundTexts, restockUnavailable } from '../lib/refund-texts';

const card = 'rounded-xl border border-line bg-white p-4 sm:p-6';

/** The payment's facts as a definition list (ids read left to right in any language). */
export function PaymentFacts({ detail, t }: { detail: AdminPaymentDetail; t: AdminTranslate }) {
  const { payment } = detail;
  const none = t('detail.none');
  const item = (label: string, value: ReactNode, mono = false) => (
    <>
      <dt className="text-muted">{label}</dt>
      <dd className={mono ? 'break-all font-mono' : ''} dir={mono ? 'ltr' : undefined}>
        {value}
      </dd>
    </>
  );
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
      {item(t('detail.method'), t(`method.${payment.method}`))}
      {item(t('detail.status'), <PaymentBadge status={payment.status} label={t(`status.${payment.status}`)} />)}
      {item(t('detail.provider'), payment.provider ?? none)}
      {item(t('detail.providerOrderId'), payment.providerOrderId ?? none, true)}
      {item(t('detail.providerPaymentId'), payment.providerPaymentId ?? none, true)}
      {item(t('detail.grandTotal'), formatInr(payment.grandTotal))}
      {item(t('detail.paid'), formatInr(payment.amountPaid))}
      {item(t('detail.refunded'), formatInr(payment.amountRefunded))}
      {item(t('detail.refundable'), <span data-testid="refundable">{formatInr(detail.refundable)}</span>)}
    </dl>
  );
}

/** /admin/payments/{orderId}: the payment, its flag (and its resolution), the refunds and every webhook received. */
export function PaymentDetailView({ detail, t }: { detail: AdminPaymentDetail; t: AdminTranslate }) {
  const { payment } = detail;
  const lineName = new Map(detail.lines.map((line) => [line.lineId, line.name]));
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/admin/payments" className="text-brand hover:underline">
          ← {t('detail.back')}
        </Link>
      </p>
      <AdminHeading
        title={t('detail.title', { number: payment.number })}
        intro={t('detail.placedOn', { date: formatDateTime(payment.createdAt) })}
        actions={
          <>
            <Link
              href={`/admin/orders/${payment.orderId}`}
              className="inline-flex min-h-11 items-center rounded-full border border-line bg-white px-4 py-2 text-sm font-semibold hover:bg-surface"
            >
              {t('detail.order')}
            </Link>
            {detail.refundable > 0 ? (
              <RefundDialog
                orderId={payment.orderId}
                refundable={detail.refundable}
                lines={detail.lines}
                restockUnavailable={restockUnavailable(t, detail)}
                texts={refundTexts(t, payment.number)}
              />
            ) : null}
          </>
        }
      />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          <section aria-labelledby="payment-summary" className={card}>
            <h2 id="payment-summary" className="mb-2 text-lg font-semibold">
              {t('detail.summary')}
            </h2>
            <PaymentFacts detail={detail} t={t} />
          </section>
          {payment.flag ? (
            <section aria-labelledby="payment-flag" className={`${card} ${payment.flag.resolvedAt ? '' : 'border-danger'}`} data-testid="payment-flag">
              <h2 id="payment-flag" className="mb-2 text-lg font-semibold">
                {t('detail.flagTitle')}: {t(`flag.${payment.flag.code}`)}
              </h2>
              {payment.flag.code === 'paid_twice' || payment.flag.code === 'paid_twice_refund_failed' ? (
                // A second payment (decision 146): nothing mismatched, so no amounts to compare; its refund names it.
                <p className="text-sm">{t(payment.flag.code === 'paid_twice' ? 'detail.flagPaidTwice' : 'detail.flagPaidTwiceRefundFailed')}</p>
              ) : detail.flagReason ? (
                <p className="text-sm">
                  {detail.flagReason.reportedAmount !== null
                    ? t('detail.flagReason', {
                        reported: `${formatInr(detail.flagReason.reportedAmount)} ${detail.flagReason.reportedCurrency ?? ''}`.trim(),
                        expected: formatInr(detail.flagReason.expectedAmount),
                      })
                    : t('detail.flagNoReport', { expected: formatInr(detail.flagReason.expectedAmount) })}
                </p>
              ) : null}
              {payment.flag.resolvedAt ? (
                <p className="mt-2 text-sm text-muted">
                  {t('detail.flagResolved', {
                    date: formatDateTime(payment.flag.resolvedAt),
                    who: payment.flag.resolvedBy ?? '',
                    note: payment.flag.note ?? '',
                  })}
                </p>
              ) : (
                <ResolveFlagForm
                  orderId={payment.orderId}
                  texts={{ note: t('detail.resolveNote'), submit: t('detail.resolveSubmit'), done: t('detail.resolveDone'), failed: t('detail.resolveFailed') }}
                />
              )}
            </section>
          ) : null}
          <section aria-labelledby="payment-refunds" className={card}>
            <h2 id="payment-refunds" className="mb-2 text-lg font-semibold">
              {t('detail.refunds')}
            </h2>
            {detail.refunds.length === 0 ? (
              <p className="text-sm text-muted">{t('detail.noRefunds')}</p>
            ) : (
              <ol className="flex flex-col gap-3 text-sm" data-testid="refunds">
                {detail.refunds.map((refund) => (
                  <li key={refund._id} className="border-s-2 border-line ps-3" data-refund-status={refund.status}>
                    <p className="font-medium">
                      {t('detail.refundLine', {
                        amount: formatInr(refund.amount),
                        kind: t(`refundKind.${refund.kind}`),
                        status: t(`refundStatus.${refund.status}`),
                      })}
                    </p>
                    <p className="text-muted">
                      {t('detail.refundBy', { who: refund.requestedBy ?? t('detail.none'), date: formatDateTime(refund.createdAt) })}
                    </p>
                    <p className="whitespace-pre-wrap">{refund.reason}</p>
                    {refund.lines?.length ? (
                      <p className="text-muted">{refund.lines.map((line) => `${lineName.get(line.lineId) ?? line.lineId} × ${line.quantity}`).join(', ')}</p>
                    ) : null}
                    {refund.restock ? <p className="text-muted">{refund.restocked ? t('detail.restocked') : t('detail.restockAsked')}</p> : null}
                    {refund.providerRefundId ? (
                      <p className="font-mono text-xs text-muted" dir="ltr">
                        {refund.providerRefundId}
                      </p>
                    ) : null}
                    {refund.failure ? <p className="text-danger">{refund.failure}</p> : null}
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
        <section aria-labelledby="payment-events" className={`${card} min-w-0`}>
          <h2 id="payment-events" className="mb-2 text-lg font-semibold">
            {t('detail.events')}
          </h2>
          {detail.events.length === 0 ? (
            <p className="text-sm text-muted">{t('detail.noEvents')}</p>
          ) : (
            // A wide table scrolls sideways on a narrow screen: focusable, so the keyboard can scroll it too.
            <div className="overflow-x-auto" tabIndex={0} role="group" aria-label={t('detail.events')}>
              <table className="w-full text-left text-sm" data-testid="payment-events">
                <caption className="sr-only">{t('detail.events')}</caption>
                <thead className="border-b border-line text-muted">
                  <tr>
                    <th scope="col" className="py-2 pe-3 font-medium">
                      {t('detail.eventsColumns.received')}
                    </th>
                    <th scope="col" className="py-2 pe-3 font-medium">
                      {t('detail.eventsColumns.event')}
                    </th>
                    <th scope="col" className="py-2 pe-3 text-right font-medium">
                      {t('detail.eventsColumns.amount')}
                    </th>
                    <th scope="col" className="py-2 pe-3 font-medium">
                      {t('detail.eventsColumns.ids')}
                    </th>
                    <th scope="col" className="py-2 font-medium">
                      {t('detail.eventsColumns.outcome')}
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line">
                  {detail.events.map((event) => (
                    <tr key={event.eventId} data-event={event.type}>
                      <td className="whitespace-nowrap py-2 pe-3">{formatDateTime(event.receivedAt)}</td>
                      <td className="py-2 pe-3 font-mono" dir="ltr">
                        {event.type}
                      </td>
                      <td className="whitespace-nowrap py-2 pe-3 text-right">
                        {event.amount !== null ? `${formatInr(event.amount)}${event.currency && event.currency !== 'INR' ? ` ${event.currency}` : ''}` : '—'}
                      </td>
                      <td className="py-2 pe-3 font-mono text-xs" dir="ltr">
                        {[event.paymentId, event.refundId, event.eventId].filter(Boolean).join(' · ')}
                      </td>
                      <td className={`py-2 ${event.outcome === 'flagged' ? 'font-semibold text-danger' : ''}`}>{event.outcome ?? '—'}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )}
        </section>
      </div>
    </>
  );
}
