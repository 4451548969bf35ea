import type { AdminCoupon } from '@shop/domain/admin/catalogue';
import { formatInr } from '@shop/domain/money';
import Link from 'next/link';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import { CouponForm, type CouponFormTexts } from '../components/coupon-form';

const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-IN', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'Asia/Kolkata' }) : '—');

function couponTerms(coupon: AdminCoupon, t: AdminTranslate): string {
  const off = coupon.type === 'percent' ? `${coupon.value}%` : formatInr(coupon.value);
  return coupon.minimum > 0 ? t('coupons.termsMin', { off, minimum: formatInr(coupon.minimum) }) : t('coupons.terms', { off });
}

/** The coupon list (a table on wide screens, stacked cards on a phone) and the form for a new one. */
export function CouponsPage({
  coupons,
  total,
  q,
  t,
  formTexts,
}: {
  coupons: AdminCoupon[];
  total: number;
  q: string;
  t: AdminTranslate;
  formTexts: CouponFormTexts;
}) {
  return (
    <>
      <AdminHeading title={t('coupons.title')} intro={t('coupons.intro')} />
      {/* Named: the shop header above has the page's other search landmark, and landmarks must differ by name. */}
      <form role="search" aria-label={t('coupons.search')} className="mb-4 flex flex-wrap gap-2" action="/admin/coupons">
        <label htmlFor="coupon-q" className="sr-only">
          {t('coupons.search')}
        </label>
        <input
          id="coupon-q"
          name="q"
          defaultValue={q}
          placeholder={t('coupons.search')}
          className="min-h-11 min-w-0 flex-1 rounded-lg border border-line px-3"
        />
        <button type="submit" className="min-h-11 rounded-full border border-line px-4 font-medium">
          {t('coupons.searchButton')}
        </button>
      </form>
      <p className="mb-2 text-sm text-muted">{t('coupons.count', { count: total })}</p>
      <ul className="mb-8 divide-y divide-line rounded-xl border border-line" data-testid="coupon-list">
        {coupons.map((coupon) => (
          <li key={coupon._id} className="grid gap-1 p-4 sm:grid-cols-[10rem_1fr_auto_auto] sm:items-center sm:gap-4">
            <Link href={`/admin/coupons/${coupon._id}`} className="font-mono font-semibold text-brand hover:underline">
              {coupon.code}
            </Link>
            <span>
              {couponTerms(coupon, t)}
              <span className="block text-xs text-muted">{t('coupons.window', { from: when(coupon.startsAt), to: when(coupon.endsAt) })}</span>
            </span>
            <span className="text-sm">
              {t('coupons.uses', { used: coupon.usedCount, max: coupon.maxUses === null ? t('coupons.unlimited') : String(coupon.maxUses) })}
            </span>
            <span className={`text-sm font-medium ${coupon.active ? 'text-success' : 'text-muted'}`}>
              {coupon.active ? t('common.active') : t('common.inactive')}
            </span>
          </li>
        ))}
        {coupons.length === 0 ? <li className="p-4 text-muted">{t('coupons.none')}</li> : null}
      </ul>
      <section aria-labelledby="new-coupon" className="rounded-xl border border-line p-4 sm:p-6">
        <h2 id="new-coupon" className="mb-4 font-display text-xl font-semibold">
          {t('coupons.new')}
        </h2>
        <CouponForm id={null} texts={formTexts} />
      </section>
    </>
  );
}
