import { formatInr } from '@shop/domain/money';
import type { Order } from '@shop/domain/order';
import Link from 'next/link';
import { Container } from '@modules/common/components/container';
import { isCashOnDelivery, isPaid } from '@shop/domain/payment';
import { OrderAddress, OrderLines, OrderTotals } from '../components/order-parts';
import { OrderPayment } from '../components/order-payment';
import { CodConfirmationPanel } from '../components/cod-confirmation-panel';
import { formatOrderTime } from '../lib/format-time';
import { orderTexts } from '../lib/texts';
import { TrackOrderSection } from './track-order-section';

/** /order?id=…: the confirmation of a just-placed order for its owner, then the tracking form. */
export async function OrderConfirmation({ order }: { order: Order }) {
  const texts = await orderTexts();
  const { t } = texts;
  const customisable = order.items.some((line) => line.product_customization);
  return (
    <Container className="flex flex-col gap-6 py-6 sm:py-10">
      <div className="rounded-xl border border-success/40 bg-success/5 p-4 sm:p-6">
        <h1 className="font-display text-2xl font-semibold text-ink sm:text-3xl">{t('confirmation.title')}</h1>
        <p className="mt-2">
          {t('confirmation.number')}{' '}
          <strong dir="ltr" data-order-number>
            {order.number}
          </strong>
        </p>
        <p className="text-sm text-muted">
          {t('confirmation.placedAt', { time: formatOrderTime(order.createdAt, texts.locale) })} · {texts.statusLabels[order.status]}
        </p>
      </div>
      <CodConfirmationPanel order={order} texts={texts} />
      <section aria-labelledby="next-steps" className="rounded-xl border border-line bg-white p-4 sm:p-6">
        <h2 id="next-steps" className="mb-2 text-lg font-semibold">
          {t('confirmation.nextTitle')}
        </h2>
        <ol className="list-decimal space-y-1 ps-5 text-sm">
          <li>{t('confirmation.nextConfirm')}</li>
          {customisable ? <li>{t('confirmation.nextCustomise')}</li> : null}
          <li>{t('confirmation.nextShip')}</li>
          <li>
            {t(
              isCashOnDelivery(order.paymentMethod)
                ? 'confirmation.nextPay'
                : isPaid(order.paymentStatus)
                  ? 'confirmation.nextPaid'
                  : 'confirmation.nextPayOnline',
              {
                amount: formatInr(order.grandTotal),
              },
            )}
          </li>
        </ol>
        <Link
          href={`/my-account/orders/${order._id}`}
          prefetch={false}
          className="mt-4 inline-flex min-h-11 items-center font-semibold text-brand underline-offset-4 hover:underline"
        >
          {t('confirmation.view')}
        </Link>
      </section>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        <OrderLines order={order} texts={texts} customise />
        <div className="flex flex-col gap-6">
          <OrderTotals order={order} texts={texts} />
          <OrderPayment order={order} texts={texts} now={new Date()} />
          <OrderAddress order={order} texts={texts} />
        </div>
      </div>
      <TrackOrderSection prefill={{ number: order.number, mobile: order.address.mobile }} />
    </Container>
  );
}
