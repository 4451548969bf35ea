import type { Dashboard } from '@shop/domain/admin/orders';
import { formatInr } from '@shop/domain/money';
import { orderStatuses } from '@shop/domain/order-status';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import { formatDateTime } from '../lib/format';

const card = 'rounded-xl border border-line bg-white p-4 sm:p-6';

/** /admin: today's numbers, orders by status (each a link to the filtered list), orders waiting for details, low stock. */
export function DashboardView({ data, t, revenueByMethod }: { data: Dashboard; t: AdminTranslate; revenueByMethod?: ReactNode }) {
  const [y, m, d] = data.day.split('-');
  return (
    <>
      <AdminHeading title={t('dashboard.title')} intro={t('dashboard.intro', { day: `${d}/${m}/${y}` })} />
      <div className="grid gap-4 sm:grid-cols-2">
        <section className={card} aria-labelledby="today-orders">
          <h2 id="today-orders" className="text-sm font-medium text-muted">
            {t('dashboard.todayOrders')}
          </h2>
          <p className="mt-1 text-3xl font-semibold" data-testid="today-orders">
            {data.today.orders}
          </p>
          <p className="text-xs text-muted">{t('dashboard.todayNote')}</p>
        </section>
        <section className={card} aria-labelledby="today-revenue">
          <h2 id="today-revenue" className="text-sm font-medium text-muted">
            {t('dashboard.todayRevenue')}
          </h2>
          <p className="mt-1 text-3xl font-semibold" data-testid="today-revenue">
            {formatInr(data.today.revenue)}
          </p>
        </section>
      </div>
      {revenueByMethod}
      <section className={`${card} mt-4`} aria-labelledby="by-status">
        <h2 id="by-status" className="mb-3 text-lg font-semibold">
          {t('dashboard.byStatus')}
        </h2>
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
          {orderStatuses.map((status) => (
            <li key={status}>
              <Link
                href={`/admin/orders?status=${status}`}
                className="flex min-h-11 items-center justify-between gap-2 rounded-lg border border-line px-3 py-2 text-sm hover:bg-surface"
              >
                <span>{t(`status.${status}`)}</span>
                <span className="font-semibold">{data.byStatus[status]}</span>
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <div className="mt-4 grid gap-4 lg:grid-cols-2">
        <section className={card} aria-labelledby="waiting">
          <h2 id="waiting" className="text-lg font-semibold">
            {t('dashboard.waiting')} <span className="text-muted">({data.waitingForCustomisation.total})</span>
          </h2>
          <p className="mb-3 text-sm text-muted">{t('dashboard.waitingIntro')}</p>
          {data.waitingForCustomisation.orders.length === 0 ? (
            <p className="text-sm">{t('dashboard.waitingNone')}</p>
          ) : (
            <ul className="divide-y divide-line text-sm">
              {data.waitingForCustomisation.orders.map((order) => (
                <li key={order._id} className="flex flex-wrap justify-between gap-2 py-2">
                  <Link href={`/admin/orders/${order._id}`} className="font-mono font-semibold text-brand hover:underline" dir="ltr">
                    {order.number}
                  </Link>
                  <span className="text-muted">
                    {t(`status.${order.status}`)} · {formatDateTime(order.createdAt)}
                  </span>
                </li>
              ))}
            </ul>
          )}
          {data.waitingForCustomisation.total > data.waitingForCustomisation.orders.length ? (
            <Link href="/admin/orders?missing=1" className="mt-2 inline-block text-sm text-brand hover:underline">
              {t('dashboard.waitingAll', { count: data.waitingForCustomisation.total })}
            </Link>
          ) : null}
        </section>
        <section className={card} aria-labelledby="low-stock">
          <h2 id="low-stock" className="text-lg font-semibold">
            {t('dashboard.lowStock')} <span className="text-muted">({data.lowStock.total})</span>
          </h2>
          <p className="mb-3 text-sm text-muted">{t('dashboard.lowStockIntro', { threshold: data.lowStock.threshold })}</p>
          {data.lowStock.items.length === 0 ? (
            <p className="text-sm">{t('dashboard.lowStockNone')}</p>
          ) : (
            <ul className="divide-y divide-line text-sm">
              {data.lowStock.items.map((item) => (
                <li key={item.variant?.id ?? item.productId} className="flex justify-between gap-3 py-2">
                  <span className="min-w-0">
                    <Link href={`/product/${item.slug}`} className="hover:text-brand">
                      {item.name}
                    </Link>
                    {item.variant ? (
                      <span className="block text-xs text-muted">{Object.values(item.variant.attributes).join(', ') || item.variant.sku}</span>
                    ) : null}
                  </span>
                  <span className={`shrink-0 font-semibold ${item.stock === 0 ? 'text-danger' : ''}`}>{t('dashboard.units', { count: item.stock })}</span>
                </li>
              ))}
            </ul>
          )}
          {data.lowStock.total > data.lowStock.items.length ? (
            <p className="mt-2 text-sm text-muted">{t('dashboard.lowStockMore', { count: data.lowStock.total - data.lowStock.items.length })}</p>
          ) : null}
        </section>
      </div>
    </>
  );
}
