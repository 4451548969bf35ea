import { formatInr } from '@shop/domain/money';
import type { Order } from '@shop/domain/order';
import Link from 'next/link';
import { canPayNow, paymentStatusKey } from '@modules/payments/lib/payment-display';
import { formatOrderTime } from '../lib/format-time';
import type { OrderTexts } from '../lib/texts';

/**
 * How an order is paid (issue 20): the method, where the money is, what was refunded; and for a prepaid order still
 * unpaid within its reservation, "Pay now", which opens the payment step for it (/checkout/pay/{id}, the pages whose
 * CSP allows the payment provider).
 */
export function OrderPayment({ order, texts, now }: { order: Order; texts: OrderTexts; now: Date }) {
  const { payment: words, t } = texts;
  const payable = canPayNow(order, now);
  return (
    <section aria-labelledby={`payment-${order._id}`} className="rounded-xl border border-line bg-white p-4 sm:p-6" data-order-payment>
      <h2 id={`payment-${order._id}`} className="mb-3 text-lg font-semibold">
        {words.title}
      </h2>
      <dl className="flex flex-col gap-2 text-sm">
        <div className="flex justify-between gap-3">
          <dt>{words.method}</dt>
          <dd>{words.methods[order.paymentMethod]}</dd>
        </div>
        <div className="flex justify-between gap-3">
          <dt>{words.status}</dt>
          <dd className="font-semibold" data-payment-status={order.paymentStatus}>
            {words.statuses[paymentStatusKey(order.paymentMethod, order.paymentStatus)]}
          </dd>
        </div>
        {order.amountRefunded > 0 ? (
          <div className="flex justify-between gap-3">
            <dt>{words.refunded}</dt>
            <dd>{formatInr(order.amountRefunded)}</dd>
          </div>
        ) : null}
      </dl>
      {payable && order.reservationExpiresAt ? (
        <div className="mt-4 border-t border-line pt-4">
          <p className="mb-2 text-sm text-muted">{t('payment.payBy', { time: formatOrderTime(order.reservationExpiresAt, texts.locale) })}</p>
          <Link
            href={`/checkout/pay/${encodeURIComponent(order._id)}`}
            prefetch={false}
            className="inline-flex min-h-11 items-center justify-center rounded-full bg-brand px-6 font-semibold text-white hover:bg-brand-strong"
          >
            {words.payNow}
          </Link>
        </div>
      ) : null}
    </section>
  );
}
