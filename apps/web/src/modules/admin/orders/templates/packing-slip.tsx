import type { AdminOrderDetail } from '@shop/domain/admin/orders';
import { attributesLabel } from '@shop/domain/cart/index';
import Link from 'next/link';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import { PostalAddress } from '@modules/common/components/postal-address';
import { PrintButton } from '../components/print-button';
import { formatDate } from '../lib/format';

/**
 * When printed, only the slip: the storefront's header, footer and the back office's navigation are hidden by
 * visibility (the slip is rendered inside the shop's frame, decision 028, so it cannot leave it out of the page), and
 * the slip is moved to the top-left of the paper.
 */
const printStyles = `
@media print {
  @page { margin: 12mm; }
  body * { visibility: hidden !important; }
  .packing-slip, .packing-slip * { visibility: visible !important; }
  .packing-slip { position: absolute; inset: 0 auto auto 0; width: 100%; border: 0 !important; padding: 0 !important; }
  .packing-slip .no-print { display: none !important; }
  .packing-slip tr, .packing-slip li { break-inside: avoid; }
}`;

export function PackingSlip({ detail, t }: { detail: AdminOrderDetail; t: AdminTranslate }) {
  const { order } = detail;
  return (
    <>
      <style>{printStyles}</style>
      <article className="packing-slip rounded-xl border border-line bg-white p-4 text-ink sm:p-6" data-testid="packing-slip">
        <div className="no-print mb-4 flex flex-wrap items-center justify-between gap-3">
          <Link href={`/admin/orders/${order._id}`} className="text-sm text-brand hover:underline">
            ← {t('slip.back')}
          </Link>
          <PrintButton label={t('slip.print')} />
        </div>
        <header className="mb-4 flex flex-wrap justify-between gap-4 border-b border-line pb-4">
          <div>
            <h1 className="text-2xl font-semibold">{t('slip.title')}</h1>
            <p className="font-mono text-lg" dir="ltr">
              {t('slip.order', { number: order.number })}
            </p>
            <p className="text-sm">{t('slip.placed', { date: formatDate(order.createdAt) })}</p>
          </div>
          <section aria-labelledby="ship-to">
            <h2 id="ship-to" className="text-sm font-semibold uppercase tracking-wide">
              {t('slip.shipTo')}
            </h2>
            <PostalAddress address={order.address} withName className="text-base not-italic" />
          </section>
        </header>
        <table className="w-full text-left text-sm">
          <thead className="border-b border-line">
            <tr>
              <th scope="col" className="py-2 pe-3 font-semibold">
                {t('slip.item')}
              </th>
              <th scope="col" className="py-2 pe-3 text-right font-semibold">
                {t('slip.qty')}
              </th>
              <th scope="col" className="py-2 font-semibold">
                {t('slip.personalisation')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-line align-top">
            {order.items.map((line) => {
              const attributes = attributesLabel(line.attributes);
              return (
                <tr key={line.id}>
                  <td className="py-3 pe-3">
                    <p className="font-medium">{line.name}</p>
                    {attributes ? <p>{attributes}</p> : null}
                    {line.sku ? <p className="font-mono text-xs">{line.sku}</p> : null}
                  </td>
                  <td className="py-3 pe-3 text-right text-base font-semibold">{line.quantity}</td>
                  <td className="py-3">
                    {!line.customisation ? (
                      '—'
                    ) : !line.customisation.units ? (
                      <strong>{t('slip.notSent')}</strong>
                    ) : (
                      <ol className="flex flex-col gap-2">
                        {line.customisation.units.map((unit, index) => (
                          <li key={index}>
                            <p className="font-medium">{t('detail.unit', { unit: index + 1 })}</p>
                            {unit.text ? <p className="whitespace-pre-wrap break-words">{unit.text}</p> : null}
                            {unit.customization_image.length ? (
                              <div className="mt-1 flex flex-wrap gap-1">
                                {unit.customization_image.map((image) => (
                                  <img
                                    key={image.id}
                                    src={image.thumbnail}
                                    alt=""
                                    width={64}
                                    height={64}
                                    className="h-16 w-16 rounded border border-line object-cover"
                                  />
                                ))}
                              </div>
                            ) : null}
                          </li>
                        ))}
                      </ol>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
        {/* Issue 24: a gift's recipient, occasion, wrap and message; never a price on anything in the parcel. */}
        {order.gift ? (
          <section aria-labelledby="slip-gift" className="mt-4 border-t border-line pt-4">
            <h2 id="slip-gift" className="text-sm font-semibold uppercase tracking-wide">
              {t('gift.title')}
            </h2>
            <p>
              {t('gift.for', { name: order.gift.recipientName, phone: order.gift.recipientPhone })}
              {order.gift.occasion ? ` · ${t(`gift.occasions.${order.gift.occasion}`)}${order.gift.occasionDate ? ` ${order.gift.occasionDate}` : ''}` : ''}
              {order.gift.wrap ? ` · ${t('gift.wrapYes')}` : ''}
            </p>
            {order.gift.message ? <blockquote className="mt-2 whitespace-pre-wrap text-lg">{order.gift.message}</blockquote> : null}
          </section>
        ) : null}
      </article>
    </>
  );
}
