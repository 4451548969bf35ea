import type { Order } from '@shop/domain/order';
import type { orderTexts } from '../lib/texts';

type OrderTexts = Awaited<ReturnType<typeof orderTexts>>;

/** "5 December 2026" in the shopper's language, for an ISO date. */
function dayLabel(iso: string, locale: string): string {
  return new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${iso}T00:00:00Z`));
}

/** A gift order's options as the customer gave them (issue 24): recipient, occasion, wrap and message. */
export function GiftDetails({ order, texts }: { order: Order; texts: OrderTexts }) {
  const { gift } = order;
  if (!gift) return null;
  const { t, locale } = texts;
  return (
    <section aria-labelledby={`gift-${order._id}`} className="rounded-xl border border-line bg-white p-4 sm:p-6" data-testid="order-gift">
      <h2 id={`gift-${order._id}`} className="mb-2 text-lg font-semibold">
        {t('gift.title')}
      </h2>
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
        <dt className="text-muted">{t('gift.recipient')}</dt>
        <dd>
          {gift.recipientName} · <span dir="ltr">{gift.recipientPhone}</span>
        </dd>
        {gift.occasion ? (
          <>
            <dt className="text-muted">{t('gift.occasion')}</dt>
            <dd>
              {t(`gift.occasions.${gift.occasion}`)}
              {gift.occasionDate ? ` · ${dayLabel(gift.occasionDate, locale)}` : ''}
            </dd>
          </>
        ) : null}
        <dt className="text-muted">{t('gift.wrap')}</dt>
        <dd>{gift.wrap ? t('gift.yes') : t('gift.no')}</dd>
      </dl>
      {gift.message ? (
        <figure className="mt-3 rounded-lg bg-surface p-3">
          <figcaption className="text-sm text-muted">{t('gift.message')}</figcaption>
          <blockquote className="mt-1 whitespace-pre-wrap text-ink">{gift.message}</blockquote>
        </figure>
      ) : null}
    </section>
  );
}
