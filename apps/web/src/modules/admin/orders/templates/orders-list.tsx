import type { AdminOrderList } from '@shop/domain/admin/orders';
import { formatInr } from '@shop/domain/money';
import { orderStatuses } from '@shop/domain/order-status';
import Link from 'next/link';
import { Pager } from '@modules/admin/components/pager';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import { OrderFilters } from '../components/order-filters';
import { StatusBadge } from '../components/status-badge';
import { type AdminOrderFilterValues, listHref } from '../lib/filter-values';
import { formatDateTime } from '../lib/format';
import { BULK_SHIP_FIELD, BULK_SHIP_FORM, BulkShip } from '@modules/admin/shipping/components/bulk-ship';

/**
 * /admin/orders: filters (a GET form), the status tabs with their counts under the other filters, then the orders:
 * a table from the small-laptop width up, stacked cards on a phone (the same links, nothing hidden).
 */
/** Orders "Ship" takes (the API decides again; one with a live shipment answers that shipment). */
const shippable = new Set<string>(['confirmed', 'in_production', 'packed']);

export function OrdersList({
  list,
  values,
  t,
  shipping,
}: {
  list: AdminOrderList;
  values: AdminOrderFilterValues;
  t: AdminTranslate;
  /** Bulk ship (issue 22): the shipping area's texts; each shippable row gets a checkbox of the bulk form. */
  shipping?: { t: AdminTranslate; messages: Record<string, unknown> };
}) {
  const all = Object.values(list.counts).reduce((sum, n) => sum + n, 0);
  const tabs = [
    { status: '', label: t('list.all'), count: all },
    ...orderStatuses.map((status) => ({ status, label: t(`status.${status}`), count: list.counts[status] })),
  ];
  const customerOf = (order: AdminOrderList['data'][number]) => order.customer.name || order.shipTo.name;
  const bulk = shipping && list.data.some((order) => shippable.has(order.status)) ? shipping : null;
  const selectBox = (order: AdminOrderList['data'][number]) =>
    bulk && shippable.has(order.status) ? (
      <input
        type="checkbox"
        form={BULK_SHIP_FORM}
        name={BULK_SHIP_FIELD}
        value={order._id}
        aria-label={bulk.t('bulk.select', { number: order.number })}
        className="h-5 w-5 accent-brand"
      />
    ) : null;
  return (
    <>
      <AdminHeading title={t('list.title')} intro={t('list.intro')} />
      <OrderFilters values={values} t={t} />
      <nav aria-label={t('list.tabsLabel')} className="mb-4 overflow-x-auto">
        <ul className="flex gap-2 whitespace-nowrap pb-1">
          {tabs.map((tab) => {
            const current = values.status === tab.status;
            return (
              <li key={tab.status || 'all'}>
                <Link
                  href={listHref(values, { status: tab.status, page: 1 })}
                  aria-current={current ? 'page' : undefined}
                  className={`inline-flex min-h-11 items-center gap-2 rounded-full border px-4 py-2 text-sm font-medium ${current ? 'border-brand bg-brand text-white' : 'border-line bg-white hover:bg-surface'}`}
                >
                  {tab.label}
                  <span className={`rounded-full px-2 text-xs ${current ? 'bg-white/20' : 'bg-surface'}`} data-testid={`count-${tab.status || 'all'}`}>
                    {tab.count}
                  </span>
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <p className="mb-2 text-sm text-muted" role="status">
        {t('list.count', { total: list.total })}
      </p>
      {bulk ? <BulkShip numbers={Object.fromEntries(list.data.map((order) => [order._id, order.number]))} messages={bulk.messages} /> : null}
      {list.data.length === 0 ? (
        <p className="rounded-xl border border-line bg-white p-6 text-muted">{t('list.empty')}</p>
      ) : (
        <>
          {/* Phone: one card per order. */}
          <ul className="flex flex-col gap-3 md:hidden" data-testid="order-cards">
            {list.data.map((order) => (
              <li key={order._id} className="rounded-xl border border-line bg-white p-4">
                <div className="flex items-start justify-between gap-3">
                  <span className="flex items-center gap-3">
                    {selectBox(order)}
                    <Link href={`/admin/orders/${order._id}`} className="font-mono font-semibold text-brand" dir="ltr">
                      {order.number}
                    </Link>
                  </span>
                  <StatusBadge status={order.status} label={t(`status.${order.status}`)} />
                </div>
                <p className="mt-1 text-sm text-muted">{formatDateTime(order.createdAt)}</p>
                <p className="mt-1 text-sm">
                  {customerOf(order)} · {order.shipTo.city}
                </p>
                <div className="mt-2 flex items-center justify-between text-sm">
                  <span>{t('list.items', { count: order.totalItems })}</span>
                  <span className="font-semibold">{formatInr(order.grandTotal)}</span>
                </div>
                {order.missingCustomisation ? <p className="mt-2 text-sm font-semibold text-danger">{t('list.needsDetails')}</p> : null}
              </li>
            ))}
          </ul>
          {/* Wider screens: a table. */}
          <div className="hidden overflow-x-auto rounded-xl border border-line bg-white md:block">
            <table className="w-full text-left text-sm">
              <thead className="border-b border-line bg-surface text-muted">
                <tr>
                  {bulk ? (
                    <th scope="col" className="w-12 px-4 py-3 font-medium">
                      <span className="sr-only">{bulk.t('bulk.submit')}</span>
                    </th>
                  ) : null}
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t('list.columns.number')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t('list.columns.date')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t('list.columns.customer')}
                  </th>
                  <th scope="col" className="px-4 py-3 font-medium">
                    {t('list.columns.status')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    {t('list.columns.items')}
                  </th>
                  <th scope="col" className="px-4 py-3 text-right font-medium">
                    {t('list.columns.total')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {list.data.map((order) => (
                  <tr key={order._id} data-order={order.number}>
                    {bulk ? <td className="px-4 py-3">{selectBox(order)}</td> : null}
                    <td className="px-4 py-3">
                      <Link href={`/admin/orders/${order._id}`} className="font-mono font-semibold text-brand hover:underline" dir="ltr">
                        {order.number}
                      </Link>
                      {order.missingCustomisation ? <span className="block text-xs font-semibold text-danger">{t('list.needsDetails')}</span> : null}
                    </td>
                    <td className="px-4 py-3 whitespace-nowrap">{formatDateTime(order.createdAt)}</td>
                    <td className="px-4 py-3">
                      {customerOf(order)}
                      <span className="block text-xs text-muted" dir="ltr">
                        {order.customer.phone ?? order.shipTo.mobile}
                      </span>
                    </td>
                    <td className="px-4 py-3">
                      <StatusBadge status={order.status} label={t(`status.${order.status}`)} />
                    </td>
                    <td className="px-4 py-3 text-right">{order.totalItems}</td>
                    <td className="px-4 py-3 text-right font-semibold">{formatInr(order.grandTotal)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <Pager page={values.page} total={list.total} limit={list.limit} hasMore={list.hasMore} href={(page) => listHref(values, { page })} t={t} section="list" />
    </>
  );
}
