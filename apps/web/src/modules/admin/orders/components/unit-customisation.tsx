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
    <>
      <LivePreview line={line} t={t} />
      <UnitList units={customisation.units} t={t} />
    </>
  );
}

/**
 * Issue 24 (decision 107): the preview the shopper saw on the product page, as their browser rendered it, and the
 * texts they typed per text box. Links to the full-size image.
 */
function LivePreview({ line, t }: { line: OrderLine; t: AdminTranslate }) {
  const personal = line.personalisation;
  if (!personal?.preview) return null;
  return (
    <figure className="mt-2 flex flex-wrap items-start gap-3 rounded-lg bg-surface p-3 text-sm" data-testid="live-preview">
      <a href={personal.preview.original} target="_blank" rel="noopener" aria-label={t('detail.livePreviewOpen')}>
        <img src={personal.preview.original} alt={t('detail.livePreview')} width={240} loading="lazy" className="h-auto w-60 rounded-md border border-line" />
      </a>
      <figcaption>
        <p className="font-medium">{t('detail.livePreview')}</p>
        <dl>
          {Object.entries(personal.texts).map(([area, text]) => (
            <div key={area} className="flex gap-1">
              <dt className="text-muted">{area}:</dt>
              <dd className="break-words">{text}</dd>
            </div>
          ))}
        </dl>
      </figcaption>
    </figure>
  );
}

function UnitList({ units, t }: { units: NonNullable<NonNullable<OrderLine['customisation']>['units']>; t: AdminTranslate }) {
  const customisation = { units };
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
