import type { Order } from '@shop/domain/order';
import type { AdminTranslate } from '@modules/admin/lib/texts';

const card = 'rounded-xl border border-line bg-white p-4 sm:p-6';

/** A gift order's options for staff (issue 24): who receives it, the occasion, the wrap and the message to print. */
export function GiftPanel({ order, t }: { order: Order; t: AdminTranslate }) {
  const { gift } = order;
  if (!gift) return null;
  return (
    <section aria-labelledby="gift" className={card} data-testid="admin-gift">
      <h2 id="gift" className="mb-2 text-lg font-semibold">
        {t('gift.title')}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t('gift.recipient')}</dt>
        <dd>{gift.recipientName}</dd>
        <dt className="text-muted">{t('gift.phone')}</dt>
        <dd dir="ltr">
          <a href={`tel:+91${gift.recipientPhone}`}>{gift.recipientPhone}</a>
        </dd>
        <dt className="text-muted">{t('gift.occasion')}</dt>
        <dd>{gift.occasion ? `${t(`gift.occasions.${gift.occasion}`)}${gift.occasionDate ? ` · ${gift.occasionDate}` : ''}` : t('gift.none')}</dd>
        <dt className="text-muted">{t('gift.wrap')}</dt>
        <dd>{gift.wrap ? t('gift.yes') : t('gift.no')}</dd>
      </dl>
      {gift.message ? (
        <figure className="mt-3 rounded-lg bg-surface p-3">
          <figcaption className="text-sm text-muted">{t('gift.message')}</figcaption>
          <blockquote className="mt-1 whitespace-pre-wrap" data-testid="admin-gift-message">
            {gift.message}
          </blockquote>
        </figure>
      ) : null}
    </section>
  );
}
