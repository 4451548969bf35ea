import type { AdminPaymentList } from '@shop/domain/admin/payments';
import { formatInr } from '@shop/domain/money';
import { isCashOnDelivery } from '@shop/domain/payment';
import Link from 'next/link';
import { Pager } from '@modules/admin/components/pager';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import { formatDateTime } from '@modules/admin/orders/lib/format';
import { PaymentBadge } from '../components/payment-badge';
import { PaymentFilters } from '../components/payment-filters';
import { type PaymentFilterValues, paymentsCsvHref, paymentsHref } from '../lib/filter-values';

const th = 'px-4 py-3 font-medium';

/** /admin/payments: filters (a GET form) and the CSV of them, then one row per order's payment, newest first. */
export function PaymentsList({ list, values, t }: { list: AdminPaymentList; values: PaymentFilterValues; t: AdminTranslate }) {
  const flagOf = (payment: AdminPaymentList['data'][number]) =>
    payment.flag ? (
      <span className={`text-xs font-semibold ${payment.flag.resolvedAt ? 'text-muted' : 'text-danger'}`}>
        {t(`flag.${payment.flag.code}`)}
        {payment.flag.resolvedAt ? ` (${t('list.resolved')})` : ''}
      </span>
    ) : null;
  return (
    <>
      <AdminHeading
        title={t('list.title')}
        intro={t('list.intro')}
        actions={
          <a
            href={paymentsCsvHref(values)}
            download
            className="inline-flex min-h-11 items-center rounded-full border border-line bg-white px-4 py-2 text-sm font-semibold hover:bg-surface"
            data-testid="payments-csv"
          >
            {t('list.csv')}
          </a>
        }
      />
      <PaymentFilters values={values} t={t} />
      <p className="mb-2 text-sm text-muted" role="status">
        {t('list.count', { total: list.total })}
      </p>
      {list.data.length === 0 ? (
        <p className="rounded-xl border border-line bg-white p-6 text-muted">{t('list.empty')}</p>
      ) : (
        <div className="overflow-x-auto rounded-xl border border-line bg-white" tabIndex={0} role="group" aria-label={t('list.title')}>
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{t('list.title')}</caption>
            <thead className="border-b border-line bg-surface text-muted">
              <tr>
                <th scope="col" className={th}>
                  {t('list.columns.number')}
                </th>
                <th scope="col" className={th}>
                  {t('list.columns.date')}
                </th>
                <th scope="col" className={th}>
                  {t('list.columns.customer')}
                </th>
                <th scope="col" className={th}>
                  {t('list.columns.method')}
                </th>
                <th scope="col" className={th}>
                  {t('list.columns.status')}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t('list.columns.paid')}
                </th>
                <th scope="col" className={`${th} text-right`}>
                  {t('list.columns.refunded')}
                </th>
                <th scope="col" className={th}>
                  {t('list.columns.flag')}
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {list.data.map((payment) => (
                <tr key={payment.orderId} data-payment={payment.number}>
                  <td className="px-4 py-3">
                    <Link href={`/admin/payments/${payment.orderId}`} className="font-mono font-semibold text-brand hover:underline" dir="ltr">
                      {payment.number}
                    </Link>
                    {payment.providerPaymentId ? (
                      <span className="block font-mono text-xs text-muted" dir="ltr">
                        {payment.providerPaymentId}
                      </span>
                    ) : null}
                  </td>
                  <td className="whitespace-nowrap px-4 py-3">{formatDateTime(payment.createdAt)}</td>
                  <td className="px-4 py-3">{payment.customerName}</td>
                  <td className="px-4 py-3">{t(`method.${payment.method}`)}</td>
                  <td className="px-4 py-3">
                    <PaymentBadge status={payment.status} label={t(`status.${payment.status}`)} />
                  </td>
                  <td className="px-4 py-3 text-right">{isCashOnDelivery(payment.method) ? formatInr(payment.grandTotal) : formatInr(payment.amountPaid)}</td>
                  <td className="px-4 py-3 text-right">{payment.amountRefunded > 0 ? formatInr(payment.amountRefunded) : '—'}</td>
                  <td className="px-4 py-3">{flagOf(payment)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <Pager
        page={values.page}
        total={list.total}
        limit={list.limit}
        hasMore={list.hasMore}
        href={(page) => paymentsHref(values, { page })}
        t={t}
        section="list"
      />
    </>
  );
}
