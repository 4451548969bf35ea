import type { AdminPaymentDetail } from '@shop/domain/admin/payments';
import Link from 'next/link';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import { RefundDialog } from '../components/refund-dialog';
import { refundTexts, restockUnavailable } from '../lib/refund-texts';
import { PaymentFacts } from './payment-detail';

/** The admin order page's payment card: the payment's facts, a link to its history, and the refund dialog. */
export function OrderPaymentPanel({ detail, t }: { detail: AdminPaymentDetail; t: AdminTranslate }) {
  return (
    <section aria-labelledby="order-payment" className="rounded-xl border border-line bg-white p-4 sm:p-6">
      <h2 id="order-payment" className="mb-2 text-lg font-semibold">
        {t('order.title')}
      </h2>
      <PaymentFacts detail={detail} t={t} />
      <div className="mt-3 flex flex-wrap items-center gap-3">
        {detail.refundable > 0 ? (
          <RefundDialog
            orderId={detail.payment.orderId}
            refundable={detail.refundable}
            lines={detail.lines}
            restockUnavailable={restockUnavailable(t, detail)}
            texts={refundTexts(t, detail.payment.number)}
          />
        ) : null}
        <Link href={`/admin/payments/${detail.payment.orderId}`} className="text-sm text-brand hover:underline">
          {t('order.link')}
        </Link>
      </div>
    </section>
  );
}
