import { formatInr } from '@shop/domain/money';
import type { ManifestRow, Shipment, ShipmentStatus } from '@shop/domain/shipping/shipment';
import { shipmentStatuses } from '@shop/domain/shipping/statuses';
import Link from 'next/link';
import { Pager } from '@modules/admin/components/pager';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import { formatDate, formatDateTime } from '@modules/admin/orders/lib/format';
import { shippingApiPaths } from '../lib/paths';

const card = 'rounded-xl border border-line bg-white p-4 sm:p-6';
const linkButton = 'inline-flex min-h-11 items-center rounded-full border border-line bg-white px-4 py-2 text-sm font-semibold hover:bg-surface';

export interface ShipmentsPageValues {
  status: ShipmentStatus | '';
  page: number;
  /** The manifest's day, YYYY-MM-DD (India). */
  date: string;
}

export interface ShipmentsPageData {
  list: { data: Shipment[]; total: number; page: number; limit: number; hasMore: boolean };
  manifest: ManifestRow[];
}

function href(values: ShipmentsPageValues, change: Partial<ShipmentsPageValues>): string {
  const next = { ...values, ...change };
  const query = new URLSearchParams();
  if (next.status) query.set('status', next.status);
  if (next.page > 1) query.set('page', String(next.page));
  query.set('date', next.date);
  return `/admin/shipments?${query.toString()}`;
}

const day = (date: string) => formatDate(`${date}T12:00:00+05:30`);

/**
 * /admin/shipments (issue 22): the day's manifest first (the handover sheet for the courier: the day is chosen in a
 * GET form, its rows listed, the sheet downloaded as the carrier's PDF or as CSV), then every shipment by status.
 */
export function ShipmentsPage({ values, data, t }: { values: ShipmentsPageValues; data: ShipmentsPageData; t: AdminTranslate }) {
  const { list, manifest } = data;
  return (
    <>
      <AdminHeading title={t('list.title')} intro={t('list.intro')} />
      <section aria-labelledby="manifest" className={`${card} mb-6`}>
        <h2 id="manifest" className="text-lg font-semibold">
          {t('manifest.title')}
        </h2>
        <p className="mb-3 text-sm text-muted">{t('manifest.intro')}</p>
        <form method="get" action="/admin/shipments" className="mb-4 flex flex-wrap items-end gap-3">
          {values.status ? <input type="hidden" name="status" value={values.status} /> : null}
          <div className="flex flex-col gap-1.5">
            <label htmlFor="manifest-date" className="text-sm font-medium">
              {t('manifest.date')}
            </label>
            <input
              id="manifest-date"
              name="date"
              type="date"
              defaultValue={values.date}
              required
              className="min-h-11 rounded-lg border border-line bg-white px-3 py-2 text-base"
            />
          </div>
          <button type="submit" className="min-h-11 rounded-full bg-brand px-5 text-sm font-semibold text-white hover:bg-brand-strong">
            {t('manifest.show')}
          </button>
          <a href={shippingApiPaths.manifest(values.date, 'pdf')} download className={linkButton}>
            {t('manifest.pdf')}
          </a>
          <a href={shippingApiPaths.manifest(values.date, 'csv')} download className={linkButton}>
            {t('manifest.csv')}
          </a>
        </form>
        <p role="status" className="mb-2 text-sm">
          {manifest.length === 0 ? t('manifest.empty', { date: day(values.date) }) : t('manifest.count', { count: manifest.length, date: day(values.date) })}
        </p>
        {manifest.length > 0 ? (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm" data-testid="manifest">
              <caption className="sr-only">{t('manifest.count', { count: manifest.length, date: day(values.date) })}</caption>
              <thead className="border-b border-line bg-surface text-muted">
                <tr>
                  {(['order', 'awb', 'courier', 'consignee', 'city', 'pincode', 'parcels', 'weight', 'cod'] as const).map((column) => (
                    <th key={column} scope="col" className="px-3 py-2 font-medium whitespace-nowrap">
                      {t(`manifest.columns.${column}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {manifest.map((row) => (
                  <tr key={row.awb} data-awb={row.awb}>
                    <td className="px-3 py-2 font-mono" dir="ltr">
                      {row.orderNumber}
                    </td>
                    <td className="px-3 py-2 font-mono" dir="ltr">
                      {row.awb}
                    </td>
                    <td className="px-3 py-2">{row.courierName}</td>
                    <td className="px-3 py-2">{row.consignee}</td>
                    <td className="px-3 py-2">{row.city}</td>
                    <td className="px-3 py-2">{row.pincode}</td>
                    <td className="px-3 py-2 text-right">{row.parcels}</td>
                    <td className="px-3 py-2 text-right">{row.weightGrams}</td>
                    <td className="px-3 py-2 text-right">{row.codAmount > 0 ? formatInr(row.codAmount) : '—'}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : null}
      </section>

      <nav aria-label={t('list.tabsLabel')} className="mb-4 overflow-x-auto">
        <ul className="flex gap-2 whitespace-nowrap pb-1">
          {(['', ...shipmentStatuses] as const).map((status) => {
            const current = values.status === status;
            return (
              <li key={status || 'all'}>
                <Link
                  href={href(values, { status, page: 1 })}
                  aria-current={current ? 'page' : undefined}
                  className={`inline-flex min-h-11 items-center rounded-full border px-4 py-2 text-sm font-medium ${current ? 'border-brand bg-brand text-white' : 'border-line bg-white hover:bg-surface'}`}
                >
                  {status ? t(`status.${status}`) : t('list.all')}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
      <p className="mb-2 text-sm text-muted" role="status">
        {t('list.count', { total: list.total })}
      </p>
      {list.data.length === 0 ? (
        <p className={`${card} text-muted`}>{t('list.empty')}</p>
      ) : (
        <ul className="flex flex-col gap-3" data-testid="shipments">
          {list.data.map((shipment) => (
            <li key={shipment._id} className="rounded-xl border border-line bg-white p-4 text-sm">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <Link href={`/admin/orders/${shipment.orderId}`} className="font-mono font-semibold text-brand hover:underline" dir="ltr">
                  {shipment.orderNumber}
                </Link>
                <span className="rounded-full bg-surface px-2.5 py-0.5 text-xs font-semibold ring-1 ring-line">{t(`status.${shipment.status}`)}</span>
              </div>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 sm:grid-cols-[auto_1fr_auto_1fr]">
                <dt className="text-muted">{t('list.columns.awb')}</dt>
                <dd className="font-mono" dir="ltr">
                  {shipment.awb ?? '—'}
                </dd>
                <dt className="text-muted">{t('list.columns.courier')}</dt>
                <dd>{shipment.courierName ?? '—'}</dd>
                <dt className="text-muted">{t('list.columns.pickup')}</dt>
                <dd>{shipment.pickup.scheduledFor ? day(shipment.pickup.scheduledFor.slice(0, 10)) : '—'}</dd>
                <dt className="text-muted">{t('list.columns.created')}</dt>
                <dd>{formatDateTime(shipment.createdAt)}</dd>
              </dl>
            </li>
          ))}
        </ul>
      )}
      <Pager page={values.page} total={list.total} limit={list.limit} hasMore={list.hasMore} href={(page) => href(values, { page })} t={t} section="list" />
    </>
  );
}
