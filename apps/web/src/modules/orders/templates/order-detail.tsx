import type { Order } from '@shop/domain/order';
import type { ReactNode } from 'react';
import Link from 'next/link';
import { AccountHeading } from '@modules/account/templates/account-layout';
import { CancelOrderButton } from '../components/cancel-order-button';
import { OrderRefusalMessages } from '../components/order-refusal-messages';
import { OrderAddress, OrderLines, OrderTotals } from '../components/order-parts';
import { OrderPayment } from '../components/order-payment';
import { CodConfirmationPanel } from '../components/cod-confirmation-panel';
import { StatusTimeline } from '../components/status-timeline';
import { ShipmentJourney } from '../components/shipment-journey';
import { TrackingPanel } from '../components/tracking-panel';
import { GiftDetails } from '../components/gift-details';
import { OrderProofs } from '../components/order-proofs';
import { formatOrderTime } from '../lib/format-time';
import { orderTexts } from '../lib/texts';

/** /my-account/orders/{id}: timeline, shipment tracking and the parcel's journey, lines with personalisation, totals, payment, address, cancel. */
/** `invoices`: the order's GST invoice section (issue 21), rendered by the page. */
export async function OrderDetail({ order, invoices }: { order: Order; invoices?: ReactNode }) {
  const texts = await orderTexts();
  const { t } = texts;
  return (
    <div className="flex flex-col gap-6">
      <div>
        <Link href="/my-account/orders" prefetch={false} className="text-sm font-medium text-brand hover:underline">
          <span aria-hidden="true" className="inline-block rtl:rotate-180">
            ‹
          </span>{' '}
          {t('detail.back')}
        </Link>
        <AccountHeading
          title={t('detail.title', { number: order.number })}
          intro={`${t('confirmation.placedAt', { time: formatOrderTime(order.createdAt, texts.locale) })} · ${texts.statusLabels[order.status]}`}
        />
        {/* The complaint form on the contact page, opened at once and filed under this order's number (issue 25). */}
        <Link
          href={`/contact-us?key=${encodeURIComponent(order.number)}#report`}
          prefetch={false}
          className="mt-2 inline-flex min-h-11 items-center text-sm font-medium text-brand underline underline-offset-4"
        >
          {t('detail.report')}
        </Link>
      </div>
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <section aria-labelledby="order-status" className="rounded-xl border border-line bg-white p-4 sm:p-6">
          <h2 id="order-status" className="mb-4 text-lg font-semibold">
            {t('timeline.title')}
          </h2>
          <StatusTimeline label={t('timeline.label')} stateLabels={texts.stateLabels} items={texts.timeline(order.status, order.statusHistory)} />
          {order.canCancel ? (
            <div className="mt-5 border-t border-line pt-4">
              <p className="mb-2 text-sm text-muted">{t('cancel.hint')}</p>
              <OrderRefusalMessages>
                <CancelOrderButton
                  orderId={order._id}
                  labels={{
                    cancel: t('cancel.button'),
                    confirm: t('cancel.confirm'),
                    yes: t('cancel.yes'),
                    no: t('cancel.no'),
                    cancelling: t('cancel.cancelling'),
                    failed: t('cancel.failed'),
                  }}
                />
              </OrderRefusalMessages>
            </div>
          ) : null}
        </section>
        <div className="flex flex-col gap-6">
          <TrackingPanel tracking={order.tracking} shipment={order.shipment} labels={texts.tracking} locale={texts.locale} />
          <ShipmentJourney shipment={order.shipment} texts={texts.journey} titles={texts.journeyTitles} locale={texts.locale} />
        </div>
      </div>
      <CodConfirmationPanel order={order} texts={texts} />
      <OrderProofs order={order} texts={texts} />
      <OrderLines order={order} texts={texts} customise />
      <GiftDetails order={order} texts={texts} />
      <div className="grid gap-6 lg:grid-cols-2 lg:items-start">
        <OrderTotals order={order} texts={texts} />
        <div className="flex flex-col gap-6">
          <OrderPayment order={order} texts={texts} now={new Date()} />
          <OrderAddress order={order} texts={texts} />
        </div>
      </div>
      {invoices}
    </div>
  );
}
