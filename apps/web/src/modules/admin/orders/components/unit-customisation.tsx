import type { OrderLine } from '@shop/domain/order';
import type { AdminTranslate } from '@modules/admin/lib/texts';

/**
 * Each unit's personalisation of one line: the text and the photos as 80x80 thumbnails, each linking to the
 * full-size (display) image, which the API serves to staff. `print` keeps the thumbnails small for the packing slip.
 */
export function UnitCustomisation({ line, t }: { line: OrderLine; t: AdminTranslate }) {
  const customisation = line.customisation;
  if (!customisation) return null;
  if (!customisation.units) return <p className="mt-2 text-sm font-semibold text-danger">{t('detail.notSent')}</p>;
  return (
    <ol className="mt-2 flex flex-col gap-2" aria-label={t('detail.personalisation')}>
      {customisation.units.map((unit, index) => (
        <li key={index} className="rounded-lg bg-surface p-3 text-sm" data-unit={index + 1}>
          <p className="font-medium">{t('detail.unit', { unit: index + 1 })}</p>
          <p className="whitespace-pre-wrap break-words">{unit.text || <span className="text-muted">{t('detail.noText')}</span>}</p>
          {unit.customization_image.length ? (
            <ul className="mt-2 flex flex-wrap gap-2">
              {unit.customization_image.map((image, n) => (
                <li key={image.id}>
                  <a href={image.original} target="_blank" rel="noopener" aria-label={t('detail.photo', { n: n + 1, unit: index + 1 })}>
                    <img src={image.thumbnail} alt="" width={80} height={80} loading="lazy" className="h-20 w-20 rounded-md border border-line object-cover" />
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </li>
      ))}
    </ol>
  );
}
