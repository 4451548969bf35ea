'use client';

import { attributesLabel, type CartItem } from '@shop/domain/cart/index';
import { formatInr } from '@shop/domain/money';
import { useLocale, useTranslations } from 'next-intl';
import type { CartDeliveryEstimate } from '@lib/api/delivery-browser';
import { formatDeliveryRange } from '@modules/delivery/lib/delivery-format';
import type { ReactNode } from 'react';
import type { CheckoutTotals } from '../lib/totals';

interface OrderSummaryProps {
  items: CartItem[];
  totals: CheckoutTotals;
  /** Server messages per line index (out of stock, option gone, no cash on delivery). */
  lineErrors: Record<number, string>;
  /** The delivery promise for the address's pincode, per line (same order as `items`) and for the order; null: none yet. */
  delivery: CartDeliveryEstimate | null;
  onRemoveLine: (id: string) => void;
  onEditCart: () => void;
  coupon: ReactNode;
}

function Row({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <div className={`flex justify-between gap-3 ${strong ? 'border-t border-line pt-3 text-base font-semibold text-ink' : 'text-sm text-ink/90'}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
}

/**
 * The lines and the money: subtotal, mrp savings, coupon, shipping, the COD fee or the online saving of the chosen way
 * to pay (decision 065), and the total to pay, all in rupees. With a pincode, each line says when it arrives and the
 * order's promise is its latest line's (issue 22).
 */
export function OrderSummary({ items, totals, lineErrors, delivery, onRemoveLine, onEditCart, coupon }: OrderSummaryProps) {
  const t = useTranslations('checkout.summary');
  const locale = useLocale();
  const range = (earliest: string | null | undefined, latest: string | null | undefined) =>
    earliest && latest ? formatDeliveryRange(earliest, latest, locale) : null;
  return (
    <section aria-labelledby="checkout-summary" className="rounded-xl border border-line bg-white p-4 sm:p-6">
      <h2 id="checkout-summary" className="text-lg font-semibold">
        {t('title')}
      </h2>
      <ul className="mt-3 divide-y divide-line" aria-label={t('lines')}>
        {items.map((item, index) => {
          const attributes = attributesLabel(item.attributes);
          const error = lineErrors[index];
          const promise = range(delivery?.lines[index]?.earliest, delivery?.lines[index]?.latest);
          return (
            <li key={item.id} className="py-3" data-line={item.id}>
              <div className="flex justify-between gap-3 text-sm">
                <div className="min-w-0">
                  <p className="font-medium text-ink">{item.name}</p>
                  {attributes ? <p className="text-muted">{attributes}</p> : null}
                  <p className="text-muted">{t('quantity', { quantity: item.quantity })}</p>
                  {promise ? (
                    <p className="text-success" data-testid="checkout-line-delivery">
                      {t('deliveredBy', { range: promise })}
                    </p>
                  ) : null}
                </div>
                <p className="shrink-0 font-medium">{formatInr(item.itemTotal)}</p>
              </div>
              {error ? (
                <div className="mt-2 rounded-lg bg-danger/10 p-2 text-sm text-danger">
                  <p>{error}</p>
                  <div className="mt-1 flex flex-wrap gap-3">
                    <button type="button" onClick={() => onRemoveLine(item.id)} className="min-h-11 font-semibold underline-offset-4 hover:underline">
                      {t('removeLine', { name: item.name })}
                    </button>
                    <button type="button" onClick={onEditCart} className="min-h-11 font-semibold underline-offset-4 hover:underline">
                      {t('editCart')}
                    </button>
                  </div>
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="mt-3">{coupon}</div>
      <dl className="mt-4 flex flex-col gap-2">
        <Row label={t('subtotal')} value={formatInr(totals.total)} />
        {totals.savings > 0 ? <Row label={t('savings')} value={formatInr(totals.savings)} /> : null}
        {totals.discount > 0 ? <Row label={t('discount')} value={`−${formatInr(totals.discount)}`} /> : null}
        <Row label={t('shipping')} value={totals.shipping === 0 ? t('free') : formatInr(totals.shipping)} />
        {delivery ? (
          <div className="flex justify-between gap-3 text-sm text-ink/90" data-testid="checkout-delivery">
            <dt>{t('delivery', { pincode: delivery.pincode })}</dt>
            <dd className={delivery.serviceable ? 'text-end' : 'text-end text-danger'}>
              {range(delivery.earliest, delivery.latest) ?? t('notServiceable', { pincode: delivery.pincode })}
            </dd>
          </div>
        ) : null}
        {totals.codFee > 0 ? <Row label={t('codFee')} value={formatInr(totals.codFee)} /> : null}
        {totals.prepaidDiscount > 0 ? <Row label={t('prepaidDiscount')} value={`−${formatInr(totals.prepaidDiscount)}`} /> : null}
        {totals.giftWrap > 0 ? <Row label={t('giftWrap')} value={formatInr(totals.giftWrap)} /> : null}
        <Row label={t('total')} value={formatInr(totals.grandTotal)} strong />
      </dl>
    </section>
  );
}
