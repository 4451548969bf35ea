import { formatInr } from '@shop/domain/money';
import type { Order } from '@shop/domain/order';
import Link from 'next/link';
import { AccountHeading } from '@modules/account/templates/account-layout';
import { ShipmentJourney } from '../components/shipment-journey';
import { TrackingPanel } from '../components/tracking-panel';
import { formatOrderDate } from '../lib/format-time';
import { unitsNeededIn } from '../lib/customisation';
import { orderTexts } from '../lib/texts';

interface OrdersListProps {
  orders: Order[];
  /** From GET /api/orders-count. */
  count: number;
  page: number;
  totalPages: number;
}

/** /my-account/orders: the visitor's orders, newest first, a page at a time. */
export async function OrdersList({ orders, count, page, totalPages }: OrdersListProps) {
  const texts = await orderTexts();
  const { t } = texts;
  return (
    <div>
      <AccountHeading title={t('list.title')} intro={t('list.count', { count })} />
      {orders.length === 0 ? (
        <div className="rounded-xl border border-line bg-white p-6 text-center">
          <p>{page > 1 ? t('list.pastEnd') : t('list.empty')}</p>
          <Link
            prefetch={false}
            href={page > 1 ? '/my-account/orders' : '/shop'}
            className="mt-3 inline-flex min-h-11 items-center font-semibold text-brand hover:underline"
          >
            {page > 1 ? t('list.firstPage') : t('list.shop')}
          </Link>
        </div>
      ) : (
        <ul className="flex flex-col gap-3" aria-label={t('list.title')}>
          {orders.map((order) => {
            const unitsNeeded = unitsNeededIn(order);
            return (
              <li key={order._id}>
                <article
                  aria-labelledby={`order-${order._id}`}
                  className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 sm:flex-row sm:items-start sm:justify-between"
                >
                  <div className="min-w-0 text-sm">
                    <h2 id={`order-${order._id}`} className="text-base font-semibold" dir="ltr">
                      {order.number}
                    </h2>
                    <p className="text-muted">
                      {t('list.placedOn', { date: formatOrderDate(order.createdAt, texts.locale) })} · {t('lines.title', { count: order.totalItems })}
                    </p>
                    <p className="mt-1">
                      <span className="rounded bg-brand-soft px-2 py-0.5 font-medium text-brand" data-status={order.status}>
                        {texts.statusLabels[order.status]}
                      </span>
                      <span className="ms-3 font-semibold">{formatInr(order.grandTotal)}</span>
                    </p>
                    {unitsNeeded > 0 ? (
                      <p className="mt-2 flex flex-wrap items-center gap-x-3 gap-y-1" data-personalisation-needed={unitsNeeded}>
                        <span className="rounded bg-brand-soft px-2 py-0.5 font-medium text-ink">{t('lines.customisationNeeded', { count: unitsNeeded })}</span>
                        <Link
                          href={`/my-account/orders/${order._id}`}
                          prefetch={false}
                          aria-label={t('list.customiseLabel', { number: order.number })}
                          className="inline-flex min-h-11 items-center font-semibold text-brand underline-offset-4 hover:underline"
                        >
                          {t('list.personalise')}
                        </Link>
                      </p>
                    ) : null}
                    <div className="mt-2 flex flex-col gap-1">
                      <TrackingPanel
                        tracking={order.tracking}
                        shipment={order.shipment}
                        labels={texts.tracking}
                        locale={texts.locale}
                        label={t('list.trackingLabel', { number: order.number })}
                        compact
                      />
                      <ShipmentJourney shipment={order.shipment} texts={texts.journey} titles={texts.journeyTitles} locale={texts.locale} compact />
                    </div>
                  </div>
                  <Link
                    href={`/my-account/orders/${order._id}`}
                    prefetch={false}
                    aria-label={t('list.viewLabel', { number: order.number })}
                    className="inline-flex min-h-11 shrink-0 items-center justify-center rounded-full border border-brand px-5 font-semibold text-brand hover:bg-brand-soft"
                  >
                    {t('list.view')}
                  </Link>
                </article>
              </li>
            );
          })}
        </ul>
      )}
      {totalPages > 1 ? (
        <nav aria-label={t('list.pages')} className="mt-6 flex items-center justify-between gap-3 text-sm">
          {page > 1 ? (
            <Link
              href={`/my-account/orders?page=${page - 1}`}
              rel="prev"
              prefetch={false}
              className="min-h-11 rounded-full border border-line px-4 py-2.5 font-medium hover:border-brand"
            >
              {t('list.previous')}
            </Link>
          ) : (
            <span />
          )}
          <span aria-current="page">{t('list.pageOf', { page, total: totalPages })}</span>
          {page < totalPages ? (
            <Link
              href={`/my-account/orders?page=${page + 1}`}
              rel="next"
              prefetch={false}
              className="min-h-11 rounded-full border border-line px-4 py-2.5 font-medium hover:border-brand"
            >
              {t('list.next')}
            </Link>
          ) : (
            <span />
          )}
        </nav>
      ) : null}
    </div>
  );
}
