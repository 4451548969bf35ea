import type { ShipmentTracking } from '@shop/domain/order';

interface TrackingPanelLabels {
  title: string;
  carrier: string;
  number: string;
  link: string;
  notShipped: string;
}

/**
 * The order-tracking panel, one of the shipping-widget elements of spec §2 (shown on the orders list and the order
 * detail only): the carrier, tracking number and link once the shop has set them, otherwise "not shipped yet".
 */
export function TrackingPanel({ tracking, labels, compact = false }: { tracking: ShipmentTracking | null; labels: TrackingPanelLabels; compact?: boolean }) {
  return (
    <section
      data-shipping-widget="tracking"
      aria-label={labels.title}
      className={compact ? 'text-sm' : 'rounded-xl border border-line bg-white p-4 text-sm sm:p-6'}
    >
      {compact ? null : <h2 className="mb-2 text-lg font-semibold">{labels.title}</h2>}
      {tracking ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-muted">{labels.carrier}</dt>
          <dd>{tracking.carrier}</dd>
          <dt className="text-muted">{labels.number}</dt>
          <dd dir="ltr" className="font-mono">
            {tracking.number}
          </dd>
          {tracking.link ? (
            <>
              <dt className="sr-only">{labels.link}</dt>
              <dd className="col-span-2">
                <a href={tracking.link} target="_blank" rel="noopener noreferrer" className="font-semibold text-brand underline-offset-4 hover:underline">
                  {labels.link}
                </a>
              </dd>
            </>
          ) : null}
        </dl>
      ) : (
        <p className="text-muted">{labels.notShipped}</p>
      )}
    </section>
  );
}
