import { paymentMethods, paymentStatuses } from '@shop/domain/payment';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import type { PaymentFilterValues } from '../lib/filter-values';

const field = 'min-h-11 w-full rounded-lg border border-line bg-white px-3 py-2 text-base';

/**
 * The payments list's filters as a plain GET form: the URL holds them (bookmarkable, works without JavaScript), and
 * the CSV link downloads exactly what they select. Applying starts again at page 1.
 */
export function PaymentFilters({ values, t }: { values: PaymentFilterValues; t: AdminTranslate }) {
  return (
    <form
      method="get"
      action="/admin/payments"
      aria-label={t('list.filtersLabel')}
      className="mb-4 grid gap-3 rounded-xl border border-line bg-white p-4 sm:grid-cols-2 lg:grid-cols-6"
    >
      <div className="flex flex-col gap-1.5 sm:col-span-2">
        <label htmlFor="payments-q" className="text-sm font-medium">
          {t('list.search')}
        </label>
        <input id="payments-q" name="q" type="search" defaultValue={values.q} aria-describedby="payments-q-hint" className={field} dir="ltr" />
        <span id="payments-q-hint" className="text-xs text-muted">
          {t('list.searchHint')}
        </span>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="payments-status" className="text-sm font-medium">
          {t('list.status')}
        </label>
        <select id="payments-status" name="status" defaultValue={values.status} className={field}>
          <option value="">{t('list.anyStatus')}</option>
          {paymentStatuses.map((status) => (
            <option key={status} value={status}>
              {t(`status.${status}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="payments-method" className="text-sm font-medium">
          {t('list.method')}
        </label>
        <select id="payments-method" name="method" defaultValue={values.method} className={field}>
          <option value="">{t('list.anyMethod')}</option>
          {paymentMethods.map((method) => (
            <option key={method} value={method}>
              {t(`method.${method}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="payments-from" className="text-sm font-medium">
          {t('list.from')}
        </label>
        <input id="payments-from" name="from" type="date" defaultValue={values.from} className={field} />
      </div>
      <div className="flex flex-col gap-1.5">
        <label htmlFor="payments-to" className="text-sm font-medium">
          {t('list.to')}
        </label>
        <input id="payments-to" name="to" type="date" defaultValue={values.to} className={field} />
      </div>
      <div className="flex flex-wrap items-center justify-between gap-3 sm:col-span-2 lg:col-span-6">
        <label className="inline-flex min-h-11 items-center gap-2 text-sm">
          <input type="checkbox" name="flagged" value="1" defaultChecked={values.flagged} className="h-5 w-5 accent-brand" />
          {t('list.flagged')}
        </label>
        <div className="flex gap-2">
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a document load like the GET form's own: a client navigation would keep the uncontrolled fields' values */}
          <a href="/admin/payments" className="inline-flex min-h-11 items-center rounded-full border border-line px-5 py-2 font-semibold hover:bg-surface">
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
