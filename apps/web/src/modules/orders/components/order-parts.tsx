import { attributesLabel } from '@shop/domain/cart/index';
import { formatInr } from '@shop/domain/money';
import type { Order } from '@shop/domain/order';
import Link from 'next/link';
import { customisationOf } from '../lib/customisation';
import { paymentLabel, type OrderTexts } from '../lib/texts';
import { PostalAddress } from '@modules/common/components/postal-address';
import { LineCustomisation } from './line-customisation';

/**
 * The parts of an order shown on the confirmation and the detail page, rendered on the server from the order's
 * snapshot (names, options and prices as sold, whatever the catalogue says today).
 */

export function OrderLines({ order, texts, customise = false }: { order: Order; texts: OrderTexts; customise?: boolean }) {
  const { t } = texts;
  return (
    <section aria-labelledby={`lines-${order._id}`} className="rounded-xl border border-line bg-white p-4 sm:p-6">
      <h2 id={`lines-${order._id}`} className="text-lg font-semibold">
        {t('lines.title', { count: order.totalItems })}
      </h2>
      <ul className="mt-2 divide-y divide-line">
        {order.items.map((line) => {
          const attributes = attributesLabel(line.attributes);
          const personalisation = customisationOf(line, order.status);
          return (
            <li key={line.id} className="flex gap-3 py-3" data-line={line.id}>
              {line.image ? (
                // A small thumbnail of the sold product; plain <img>, nothing to hydrate.
                <img
                  src={line.image.original}
                  alt=""
                  width={64}
                  height={64}
                  loading="lazy"
                  className="h-16 w-16 shrink-0 rounded-lg border border-line object-cover"
                />
              ) : (
                <span aria-hidden="true" className="h-16 w-16 shrink-0 rounded-lg bg-surface" />
              )}
              <div className="min-w-0 flex-1 text-sm">
                <div className="flex justify-between gap-3">
                  <div className="min-w-0">
                    <Link href={`/product/${line.slug}`} prefetch={false} className="font-medium text-ink hover:text-brand">
                      {line.name}
                    </Link>
                    {attributes ? <p className="text-muted">{attributes}</p> : null}
                    <p className="text-muted">{t('lines.quantityPrice', { quantity: line.quantity, price: formatInr(line.price) })}</p>
                  </div>
                  <p className="shrink-0 font-medium">{formatInr(line.itemTotal)}</p>
                </div>
                {personalisation ? <LineCustomisation order={order} line={line} personalisation={personalisation} texts={texts} customise={customise} /> : null}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-3 ${strong ? 'border-t border-line pt-3 text-base font-semibold' : 'text-sm'}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/** The server's totals, as charged. */
export function OrderTotals({ order, texts }: { order: Order; texts: OrderTexts }) {
  const { t } = texts;
  const savings = Math.max(0, order.totalMrp - order.total);
  return (
    <section aria-labelledby={`totals-${order._id}`} className="rounded-xl border border-line bg-white p-4 sm:p-6">
      <h2 id={`totals-${order._id}`} className="mb-3 text-lg font-semibold">
        {t('totals.title')}
      </h2>
      <dl className="flex flex-col gap-2">
        <Row label={t('totals.subtotal')} value={formatInr(order.total)} />
        {savings > 0 ? <Row label={t('totals.savings')} value={formatInr(savings)} /> : null}
        {order.discount > 0 ? <Row label={t('totals.discount', { code: order.couponCode ?? '' })} value={`−${formatInr(order.discount)}`} /> : null}
        <Row label={t('totals.shipping')} value={order.shipping === 0 ? t('totals.free') : formatInr(order.shipping)} />
        {/* The COD fee and the prepaid saving, as decided at placement (decision 065). */}
        {order.codFee > 0 ? <Row label={t('totals.codFee')} value={formatInr(order.codFee)} /> : null}
        {order.prepaidDiscount > 0 ? <Row label={t('totals.prepaidDiscount')} value={`−${formatInr(order.prepaidDiscount)}`} /> : null}
        {order.giftWrapFee > 0 ? <Row label={t('totals.giftWrap')} value={formatInr(order.giftWrapFee)} /> : null}
        <Row label={t('totals.total')} value={formatInr(order.grandTotal)} strong />
        <Row label={t('totals.payment')} value={paymentLabel(texts, order.paymentMethod)} />
      </dl>
    </section>
  );
}

export function OrderAddress({ order, texts }: { order: Order; texts: OrderTexts }) {
  const { address } = order;
  return (
    <section aria-labelledby={`address-${order._id}`} className="rounded-xl border border-line bg-white p-4 sm:p-6">
      <h2 id={`address-${order._id}`} className="mb-2 text-lg font-semibold">
        {texts.t('address.title')}
      </h2>
      <PostalAddress address={address} withName className="text-sm not-italic" />
    </section>
  );
}
