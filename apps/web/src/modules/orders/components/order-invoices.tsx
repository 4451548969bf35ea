import type { InvoiceDocument } from '@shop/domain/gst/api';
import { formatInr } from '@shop/domain/money';
import { getTranslations } from 'next-intl/server';

/**
 * An order's tax invoice and credit notes (issue 21), each a link to its PDF (same origin: the storefront forwards
 * /api to the API, which checks that the order is the visitor's). Nothing is shown before the invoice is issued but a
 * line saying when it will be.
 */
export async function OrderInvoices({ documents, paymentMethod }: { documents: InvoiceDocument[]; paymentMethod: 'cod' | 'prepaid' }) {
  const t = await getTranslations('orders.invoices');
  return (
    <section aria-labelledby="order-invoices" className="rounded-xl border border-line bg-white p-4 sm:p-6">
      <h2 id="order-invoices" className="text-lg font-semibold">
        {t('title')}
      </h2>
      {documents.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{paymentMethod === 'cod' ? t('pendingCod') : t('pendingPrepaid')}</p>
      ) : (
        <ul className="mt-2 divide-y divide-line text-sm">
          {documents.map((document) => (
            <li key={document._id} className="flex flex-wrap items-center justify-between gap-3 py-3">
              <span>
                <span className="font-medium">{document.kind === 'invoice' ? t('invoice') : t('creditNote')}</span> <bdi dir="ltr">{document.number}</bdi> ·{' '}
                {formatInr(document.amount)}
              </span>
              <a
                href={document.pdfUrl}
                download
                className="rounded-lg border border-brand px-3 py-1.5 font-medium text-brand hover:bg-brand hover:text-white"
                data-invoice={document.kind}
              >
                {t('download', { number: document.number })}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
