import { paymentMethods } from '@shop/domain/order';
import { orderStatuses } from '@shop/domain/order-status';
import type { AdminOrderFilterValues } from '../lib/filter-values';
import type { AdminTranslate } from '@modules/admin/lib/texts';

const field = 'min-h-11 w-full rounded-lg border border-line bg-white px-3 py-2 text-base';

/**
 * The list's filters as a plain GET form: the URL holds them, so a filtered list can be bookmarked or sent to a
 * colleague, and it works before (or without) JavaScript. Applying starts again at page 1.
 */
export function OrderFilters({ values, t }: { values: AdminOrderFilterValues; t: AdminTranslate }) {
  return (
    <form
      method="get"
      action="/admin/orders"
      aria-label={t('list.filtersLabel')}
      className="mb-4 grid gap-3 rounded-xl border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
    >
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <label htmlFor="orders-q" className="text-sm font-medium">
          {t('list.search')}
        </label>
        <input
          id="orders-q"
          name="q"
          type="search"
          defaultValue={values.q}
          placeholder={t('list.searchHint')}
          aria-describedby="orders-q-hint"
          className={field}
        />
        <span id="orders-q-hint" className="sr-only">
          {t('list.searchHint')}
        </span>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="orders-status" className="text-sm font-medium">
          {t('list.status')}
        </label>
        <select id="orders-status" name="status" defaultValue={values.status} className={field}>
          <option value="">{t('list.anyStatus')}</option>
          {orderStatuses.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="orders-from" className="text-sm font-medium">
          {t('list.from')}
        </label>
        <input id="orders-from" name="from" type="date" defaultValue={values.from} className={field} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="orders-to" className="text-sm font-medium">
          {t('list.to')}
        </label>
        <input id="orders-to" name="to" type="date" defaultValue={values.to} className={field} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="orders-payment" className="text-sm font-medium">
          {t('list.payment')}
        </label>
        <select id="orders-payment" name="payment" defaultValue={values.payment} className={field}>
          <option value="">{t('list.anyPayment')}</option>
          {paymentMethods.map((method) => (
            <option key={method} value={method}>
              {t(`payment.${method}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 sm:col-span-2 lg:col-span-6">
        <label className="inline-flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" name="missing" value="1" defaultChecked={values.missing} className="h-5 w-5 accent-brand" />
          {t('list.missing')}
        </label>
        <div className="flex gap-2">
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a document load like the GET form's own: a client navigation would keep the uncontrolled fields' values */}
          <a href="/admin/orders" className="inline-flex min-h-11 items-center rounded-full border border-line px-5 py-2 font-semibold hover:bg-surface">
            {t('list.clear')}
          </a>
          <button type="submit" className="inline-flex min-h-11 items-center rounded-full bg-brand px-5 py-2 font-semibold text-white hover:bg-brand-strong">
            {t('list.apply')}
          </button>
        </div>
      </div>
    </form>
  );
}
