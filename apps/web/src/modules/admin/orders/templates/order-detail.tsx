import { type AdminOrderDetail, adminOrderApiPaths } from '@shop/domain/admin/orders';
import { attributesLabel } from '@shop/domain/cart/index';
import { formatInr } from '@shop/domain/money';
import { nextStatuses } from '@shop/domain/order-status';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import { PostalAddress } from '@modules/common/components/postal-address';
import { StatusBadge } from '../components/status-badge';
import { type StatusMoveTexts, StatusMoveForm } from '../components/status-move-form';
import { UnitCustomisation } from '../components/unit-customisation';
import { GiftPanel } from '../components/gift-panel';
import { ProofPanel } from '../components/proof-panel';
import { formatDateTime } from '../lib/format';

const card = 'rounded-xl border border-line bg-white p-4 sm:p-6';
const button = 'inline-flex min-h-11 items-center rounded-full border border-line bg-white px-4 py-2 text-sm font-semibold hover:bg-surface';

/** /admin/orders/{id}: everything about one order, and the form that moves it along. */
export function AdminOrderDetailView({
  detail,
  t,
  moveTexts,
  paymentPanel,
  messages,
  shipping,
}: {
  detail: AdminOrderDetail;
  t: AdminTranslate;
  moveTexts: StatusMoveTexts;
  /** The payment's card with its refund dialog (modules/admin/payments). */
  paymentPanel?: ReactNode;
  /** The order's messages to the customer and their delivery status (issue 21), below its history. */
  messages?: ReactNode;
  /** The order's shipment card: "Ship", label, pickup, carrier events, returns (issue 22), above the status move. */
  shipping?: ReactNode;
}) {
  const { order, customer, history } = detail;
  const next = nextStatuses(order.status, 'shop');
  const personalised = order.items.some((line) => line.customisation !== null);
  const row = (label: string, value: string, strong = false) => (
    <div className={`flex justify-between gap-3 ${strong ? 'border-t border-line pt-2 font-semibold' : ''}`}>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <>
      <p className="mb-2 text-sm">
        <Link href="/admin/orders" className="text-brand hover:underline">
          ← {t('detail.back')}
        </Link>
      </p>
      <AdminHeading
        title={t('detail.title', { number: order.number })}
        intro={t('detail.placedOn', { date: formatDateTime(order.createdAt) })}
        actions={
          <>
            <Link href={`/admin/orders/${order._id}/packing-slip`} className={button}>
              {t('detail.print')}
            </Link>
            {/* Issue 24: the packing slip as a PDF (no prices), from the API. */}
            <a href={`/api/admin/orders/${order._id}/packing-slip.pdf`} download className={button} data-testid="packing-slip-pdf">
              {t('detail.slipPdf')}
            </a>
            {personalised ? (
              <a href={adminOrderApiPaths.zip(order._id)} download className={button}>
                {t('detail.zip')}
              </a>
            ) : null}
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-center gap-3">
        <StatusBadge status={order.status} label={t(`status.${order.status}`)} />
        {detail.missingCustomisation ? (
          <p role="status" className="text-sm font-semibold text-danger">
            {t('detail.missingBanner')}
          </p>
        ) : null}
      </div>
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-4">
          <section aria-labelledby="lines" className={card}>
            <h2 id="lines" className="text-lg font-semibold">
              {t('detail.lines')}
            </h2>
            <ul className="mt-2 divide-y divide-line">
              {order.items.map((line) => {
                const attributes = attributesLabel(line.attributes);
                return (
                  <li key={line.id} className="py-3 text-sm" data-line={line.id}>
                    <div className="flex gap-3">
                      {line.image ? (
                        <img
                          src={line.image.original}
                          alt=""
                          width={64}
                          height={64}
                          loading="lazy"
                          className="h-16 w-16 shrink-0 rounded-lg border border-line object-cover"
                        />
                      ) : null}
                      <div className="min-w-0 flex-1">
                        <div className="flex justify-between gap-3">
                          <div className="min-w-0">
                            <p className="font-medium">{line.name}</p>
                            {attributes ? <p className="text-muted">{attributes}</p> : null}
                            {line.sku ? <p className="text-muted">{t('detail.sku', { sku: line.sku })}</p> : null}
                            <p className="text-muted">{t('detail.quantity', { quantity: line.quantity, price: formatInr(line.price) })}</p>
                          </div>
                          <p className="shrink-0 font-medium">{formatInr(line.itemTotal)}</p>
                        </div>
                        <UnitCustomisation line={line} t={t} />
                      </div>
                    </div>
                  </li>
                );
              })}
            </ul>
          </section>
          {shipping}
          <ProofPanel order={order} t={t} />
          <section aria-labelledby="move" className={card}>
            <h2 id="move" className="mb-3 text-lg font-semibold">
              {t('move.title')}
            </h2>
            {/* COD confirmation (decision 066): until the customer confirms, a move other than cancelling is refused. */}
            {order.codConfirmation ? (
              <p className="mb-3 rounded-lg bg-surface p-3 text-sm" data-testid="cod-confirmation">
                {order.codConfirmation.confirmedAt
                  ? t('detail.codConfirmed', { time: formatDateTime(order.codConfirmation.confirmedAt) })
                  : t('detail.codAwaiting', {
                      method: t(`detail.codMethod_${order.codConfirmation.method}`),
                      time: order.codConfirmation.confirmBy ? formatDateTime(order.codConfirmation.confirmBy) : '',
                    })}
              </p>
            ) : null}
            {next.length ? (
              <StatusMoveForm orderId={order._id} next={next} texts={moveTexts} />
            ) : (
              <p className="text-muted">{t('move.none', { status: t(`status.${order.status}`).toLowerCase() })}</p>
            )}
          </section>
          <section aria-labelledby="history" className={card}>
            <h2 id="history" className="mb-3 text-lg font-semibold">
              {t('detail.history')}
            </h2>
            <ol className="flex flex-col gap-3 text-sm">
              {history.map((change, index) => (
                <li key={index} className="border-s-2 border-line ps-3">
                  <p className="font-medium">
                    {t(`status.${change.status}`)}{' '}
                    <span className="font-normal text-muted">
                      {change.actor === 'customer'
                        ? t('detail.byCustomer')
                        : change.actorName || change.actorEmail
                          ? t('detail.byShop', { name: change.actorName || change.actorEmail || '' })
                          : t('detail.byShopUnknown')}
                    </span>
                  </p>
                  <p className="text-muted">{formatDateTime(change.at)}</p>
                  {change.note ? <p className="whitespace-pre-wrap">{change.note}</p> : null}
                </li>
              ))}
            </ol>
          </section>
          {messages}
        </div>
        <div className="flex min-w-0 flex-col gap-4">
          <section aria-labelledby="customer" className={card}>
            <h2 id="customer" className="mb-2 text-lg font-semibold">
              {t('detail.customer')}
            </h2>
            <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-muted">{t('detail.name')}</dt>
              <dd>{customer.name || t('detail.unknown')}</dd>
              <dt className="text-muted">{t('detail.phone')}</dt>
              <dd dir="ltr">{customer.phone ? <a href={`tel:${customer.phone}`}>{customer.phone}</a> : t('detail.unknown')}</dd>
              <dt className="text-muted">{t('detail.email')}</dt>
              <dd className="break-all">{customer.email ? <a href={`mailto:${customer.email}`}>{customer.email}</a> : t('detail.unknown')}</dd>
            </dl>
          </section>
          <GiftPanel order={order} t={t} />
          <section aria-labelledby="address" className={card}>
            <h2 id="address" className="mb-2 text-lg font-semibold">
              {t('detail.address')}
            </h2>
            <PostalAddress address={order.address} withName className="text-sm not-italic" />
          </section>
          <section aria-labelledby="totals" className={card}>
            <h2 id="totals" className="mb-2 text-lg font-semibold">
              {t('detail.totals')}
            </h2>
            <dl className="flex flex-col gap-1 text-sm">
              {row(t('detail.subtotal'), formatInr(order.total))}
              {order.discount > 0 ? row(t('detail.discount', { code: order.couponCode ?? '' }), `−${formatInr(order.discount)}`) : null}
              {row(t('detail.shipping'), order.shipping === 0 ? t('detail.free') : formatInr(order.shipping))}
              {order.codFee > 0 ? row(t('detail.codFee'), formatInr(order.codFee)) : null}
              {order.prepaidDiscount > 0 ? row(t('detail.prepaidDiscount'), `−${formatInr(order.prepaidDiscount)}`) : null}
              {order.giftWrapFee > 0 ? row(t('detail.giftWrap'), formatInr(order.giftWrapFee)) : null}
              {row(t('detail.grandTotal'), formatInr(order.grandTotal), true)}
              {row(t('detail.paymentMethod'), t(`payment.${order.paymentMethod}`))}
            </dl>
          </section>
          {paymentPanel}
          {order.tracking ? (
            <section aria-labelledby="tracking" className={card}>
              <h2 id="tracking" className="mb-2 text-lg font-semibold">
                {t('detail.tracking')}
              </h2>
              <p className="text-sm">
                {order.tracking.carrier} · <span className="font-mono">{order.tracking.number}</span>
              </p>
              {order.tracking.link ? (
                <a href={order.tracking.link} target="_blank" rel="noopener noreferrer" className="text-sm text-brand hover:underline">
                  {t('detail.trackingLink')}
                </a>
              ) : null}
            </section>
          ) : null}
        </div>
      </div>
    </>
  );
}
