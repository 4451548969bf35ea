import type { InvoiceDocument } from '@shop/domain/gst/api';
import { formatInr } from '@shop/domain/money';
import type { AdminTranslate } from '@modules/admin/lib/texts';

/** An order's invoice and credit notes in the back office (issue 21), each a download of its stored PDF. */
export function AdminOrderDocuments({ documents, t }: { documents: InvoiceDocument[]; t: AdminTranslate }) {
  return (
    <section aria-labelledby="admin-order-invoices" className="mt-6 rounded-xl border border-line bg-white p-4 sm:p-6">
      <h2 id="admin-order-invoices" className="text-lg font-semibold">
        {t('order.title')}
      </h2>
      {documents.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t('order.none')}</p>
      ) : (
        <table className="mt-2 w-full text-sm">
          <thead>
            <tr className="text-start text-muted">
              <th scope="col" className="py-2 text-start font-medium">
                {t('order.document')}
              </th>
              <th scope="col" className="py-2 text-start font-medium">
                {t('order.number')}
              </th>
              <th scope="col" className="py-2 text-end font-medium">
                {t('order.taxable')}
              </th>
              <th scope="col" className="py-2 text-end font-medium">
                {t('order.tax')}
              </th>
              <th scope="col" className="py-2 text-end font-medium">
                {t('order.amount')}
              </th>
              <th scope="col" className="py-2 text-end font-medium">
                <span className="sr-only">{t('order.download')}</span>
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line">
            {documents.map((document) => (
              <tr key={document._id}>
                <td className="py-2">{document.kind === 'invoice' ? t('order.invoice') : t('order.creditNote')}</td>
                <td className="py-2 font-mono">{document.number}</td>
                <td className="py-2 text-end">{formatInr(document.taxable)}</td>
                <td className="py-2 text-end">{formatInr(document.cgst + document.sgst + document.igst)}</td>
                <td className="py-2 text-end">{formatInr(document.amount)}</td>
                <td className="py-2 text-end">
                  <a href={document.pdfUrl} download className="font-medium text-brand hover:underline">
                    {t('order.downloadNumber', { number: document.number })}
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
