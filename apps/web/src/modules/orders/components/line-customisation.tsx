import type { Order, OrderLine } from '@shop/domain/order';
import { formatOrderTime } from '../lib/format-time';
import type { Personalisation } from '../lib/customisation';
import type { OrderTexts } from '../lib/texts';
import { CustomiseButton } from './customise-button';

interface LineCustomisationProps {
  order: Pick<Order, '_id'>;
  line: Pick<OrderLine, 'id' | 'productId' | 'name' | 'personalisation'>;
  personalisation: Personalisation;
  texts: OrderTexts;
  /** Offer the Customise button (order detail and confirmation pages). */
  customise: boolean;
}

/**
 * A customisable line's personalisation, rendered on the server: still missing (with a clear call to action), what was
 * sent per unit (text and 80x80 thumbnails opening the display size), or locked once the order is in production.
 */
export function LineCustomisation({ order, line, personalisation, texts, customise }: LineCustomisationProps) {
  const { t } = texts;
  const { state, units } = personalisation;
  const headingId = `personalisation-${line.id}`;
  return (
    <section aria-labelledby={headingId} className="mt-3" data-personalisation={state}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id={headingId} className="text-sm font-semibold">
          {t('lines.personalisation')}
        </h3>
        {state === 'locked' ? (
          <span className="inline-flex items-center gap-1 rounded-full bg-surface px-2.5 py-0.5 text-xs font-semibold text-ink" data-locked>
            <span aria-hidden="true">🔒</span> {t('lines.locked')}
          </span>
        ) : state === 'sent' ? (
          <span className="rounded-full bg-success/10 px-2.5 py-0.5 text-xs font-semibold text-success">{t('lines.sent')}</span>
        ) : null}
      </div>
      {state === 'missing' ? (
        <div className="mt-1 flex flex-col gap-2 rounded-lg bg-brand-soft p-3 sm:flex-row sm:items-center sm:justify-between">
          <div className="text-ink">
            <p className="font-semibold" data-personalisation-needed={personalisation.unitsNeeded}>
              {t('lines.customisationNeeded', { count: personalisation.unitsNeeded })}
            </p>
            <p className="text-ink/80">{t('lines.customisationHint', { type: personalisation.type })}</p>
          </div>
          {customise ? (
            <CustomiseButton
              orderId={order._id}
              productId={line.productId}
              lineId={line.id}
              label={t('lines.customise')}
              accessibleLabel={t('lines.customiseLabel', { name: line.name })}
            />
          ) : null}
        </div>
      ) : null}
      {state === 'locked' ? <p className="mt-1 text-muted">{units ? t('lines.lockedHint') : t('lines.lockedNone')}</p> : null}
      {personalisation.sentAt && state !== 'missing' ? (
        <p className="mt-1 text-xs text-muted">{t('lines.sentAt', { time: formatOrderTime(personalisation.sentAt, texts.locale) })}</p>
      ) : null}
      <LivePreview line={line} texts={texts} />
      {units ? (
        <ol className="mt-2 flex flex-col gap-2">
          {units.map((unit, index) => (
            <li key={index} className="flex flex-col gap-1" data-unit={index + 1}>
              <p className="font-medium">{t('lines.unit', { unit: index + 1 })}</p>
              {unit.text ? <p className="whitespace-pre-wrap break-words">{unit.text}</p> : null}
              {unit.customization_image.length > 0 ? (
                <ul className="flex flex-wrap gap-2">
                  {unit.customization_image.map((image, i) => (
                    <li key={image.id}>
                      {/* The display size opens in a new tab; served to the uploader by the session cookie. */}
                      <a href={image.original} target="_blank" rel="noopener" className="block rounded-lg focus-visible:outline-2 focus-visible:outline-brand">
                        <img
                          src={image.thumbnail}
                          alt={t('lines.photoAlt', { index: i + 1, unit: index + 1, name: line.name })}
                          width={80}
                          height={80}
                          loading="lazy"
                          className="h-20 w-20 rounded-lg border border-line object-cover"
                        />
                      </a>
                    </li>
                  ))}
                </ul>
              ) : null}
            </li>
          ))}
        </ol>
      ) : null}
      {state === 'sent' && customise ? (
        <div className="mt-3">
          <CustomiseButton
            orderId={order._id}
            productId={line.productId}
            lineId={line.id}
            label={t('lines.change')}
            accessibleLabel={t('lines.changeLabel', { name: line.name })}
          />
        </div>
      ) : null}
    </section>
  );
}

/**
 * Issue 24 (decisions 107, 120): the preview the shopper saw on the product page, as their browser rendered it, and
 * the texts they typed. The order is the viewer's own (the API answers it only to them), and the image is served only
 * to its uploader, who placed the order, and to staff. The texts are the shopper's, in their own script: each is isolated (<bdi>), so an Arabic name in an
 * English page (or the other way round) keeps its own direction while the list follows the page's.
 */
function LivePreview({ line, texts }: { line: Pick<OrderLine, 'id' | 'name' | 'personalisation'>; texts: OrderTexts }) {
  const { t } = texts;
  const personal = line.personalisation;
  if (!personal?.preview) return null;
  const typed = Object.values(personal.texts).filter((text) => text.trim() !== '');
  const typedId = `preview-texts-${line.id}`;
  return (
    <figure className="mt-2 flex flex-col gap-3 rounded-lg bg-surface p-3 sm:flex-row sm:items-start" data-testid="order-preview">
      <a
        href={personal.preview.original}
        target="_blank"
        rel="noopener"
        className="block shrink-0 self-start rounded-md focus-visible:outline-2 focus-visible:outline-brand"
        aria-label={t('lines.previewOpen', { name: line.name })}
      >
        {/* Plain <img>: a private image (cookie-authorised), nothing to optimise or hydrate. */}
        <img
          src={personal.preview.original}
          alt={t('lines.previewAlt', { name: line.name })}
          width={240}
          loading="lazy"
          className="h-auto w-60 max-w-full rounded-md border border-line bg-white"
        />
      </a>
      <figcaption className="min-w-0">
        <p className="font-medium">{t('lines.previewTitle')}</p>
        {typed.length > 0 ? (
          <>
            <p id={typedId} className="mt-1 text-xs text-muted">
              {t('lines.previewTexts')}
            </p>
            <ul aria-labelledby={typedId} className="flex flex-col">
              {typed.map((text, index) => (
                <li key={index} className="break-words">
                  <bdi>{text}</bdi>
                </li>
              ))}
            </ul>
          </>
        ) : null}
        <p className="mt-1 text-xs text-muted">{t('lines.previewNote')}</p>
      </figcaption>
    </figure>
  );
}
