import type { RevenueByMethod } from '@shop/domain/admin/payments';
import { formatInr } from '@shop/domain/money';
import type { AdminTranslate } from '@modules/admin/lib/texts';

/** The dashboard's revenue by payment method for its day: cash on delivery, and online captured less refunded. */
export function RevenueByMethodCard({ revenue, t }: { revenue: RevenueByMethod; t: AdminTranslate }) {
  return (
    <section className="mt-4 rounded-xl border border-line bg-white p-4 sm:p-6" aria-labelledby="revenue-by-method">
      <h2 id="revenue-by-method" className="mb-3 text-lg font-semibold">
        {t('dashboard.title')}
      </h2>
      <dl className="grid gap-3 sm:grid-cols-2">
        <div>
          <dt className="text-sm text-muted">{t('dashboard.cod')}</dt>
          <dd className="text-2xl font-semibold" data-testid="revenue-cod">
            {formatInr(revenue.cashOnDelivery)}
          </dd>
        </div>
        <div>
          <dt className="text-sm text-muted">{t('dashboard.online')}</dt>
          <dd className="text-2xl font-semibold" data-testid="revenue-online">
            {formatInr(revenue.online)}
          </dd>
        </div>
      </dl>
    </section>
  );
}
