import type { ShipmentTracking } from '@shop/domain/order';
import type { CustomerShipment } from '@shop/domain/shipping/shipment';
import type { Locale } from '@lib/locale/config';
import { formatDeliveryRange } from '@modules/delivery/lib/delivery-format';
import { formatOrderTime } from '../lib/format-time';
import { deliveredAt } from '../lib/shipment-timeline';

export interface TrackingPanelLabels {
  title: string;
  carrier: string;
  number: string;
  link: string;
  notShipped: string;
  awb: string;
  courier: string;
  expected: string;
  deliveredOn: string;
  sourceCarrier: string;
  sourceEstimate: string;
  cancelled: string;
}

/** Statuses with no delivery date still ahead. */
const noPromise = new Set<CustomerShipment['status']>(['delivered', 'rto_initiated', 'rto_delivered', 'cancelled']);

/**
 * The order-tracking panel, one of the shipping-widget elements of spec §2 (shown on the orders list and the order
 * detail only). With a carrier shipment (issue 22): the courier, the AWB, when it should arrive (the courier's date
 * once it gives one, else the shop's promise) or when it arrived, and the courier's tracking page. An order shipped by
 * hand before carrier shipments existed shows the carrier and number staff typed in; otherwise "not shipped yet".
 * Hook-free, so the public tracking form (a client leaf) renders it too.
 */
export function TrackingPanel({
  tracking,
  shipment,
  labels,
  locale,
  compact = false,
  label = labels.title,
}: {
  tracking: ShipmentTracking | null;
  shipment: CustomerShipment | null;
  labels: TrackingPanelLabels;
  locale: Locale;
  compact?: boolean;
  /** The region's name; a list of orders names each one's panel by its order, so the landmarks stay distinct. */
  label?: string;
}) {
  const live = shipment && shipment.status !== 'cancelled' ? shipment : null;
  return (
    <section data-shipping-widget="tracking" aria-label={label} className={compact ? 'text-sm' : 'rounded-xl border border-line bg-white p-4 text-sm sm:p-6'}>
      {compact ? null : <h2 className="mb-2 text-lg font-semibold">{labels.title}</h2>}
      {live ? (
        <ShipmentFacts shipment={live} labels={labels} locale={locale} />
      ) : tracking ? (
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-muted">{labels.carrier}</dt>
          <dd>{tracking.carrier}</dd>
          <dt className="text-muted">{labels.number}</dt>
          <dd dir="ltr" className="text-start font-mono">
            {tracking.number}
          </dd>
          {tracking.link ? <TrackLink href={tracking.link} label={labels.link} /> : null}
        </dl>
      ) : (
        <p className="text-muted">{shipment?.status === 'cancelled' ? labels.cancelled : labels.notShipped}</p>
      )}
    </section>
  );
}

function ShipmentFacts({ shipment, labels, locale }: { shipment: CustomerShipment; labels: TrackingPanelLabels; locale: Locale }) {
  const delivered = deliveredAt(shipment);
  const expected = noPromise.has(shipment.status) ? null : shipment.expectedDelivery;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
      {delivered ? (
        <>
          <dt className="text-muted">{labels.deliveredOn}</dt>
          <dd className="font-semibold" data-testid="delivered-on">
            <time dateTime={delivered}>{formatOrderTime(delivered, locale)}</time>
          </dd>
        </>
      ) : null}
      {expected ? (
        <>
          <dt className="text-muted">{labels.expected}</dt>
          <dd data-testid="expected-delivery">
            <span className="font-semibold">{formatDeliveryRange(expected.earliest, expected.latest, locale)}</span>{' '}
            <span className="text-muted">({expected.source === 'carrier' ? labels.sourceCarrier : labels.sourceEstimate})</span>
          </dd>
        </>
      ) : null}
      {shipment.courierName ? (
        <>
          <dt className="text-muted">{labels.courier}</dt>
          <dd>{shipment.courierName}</dd>
        </>
      ) : null}
      {shipment.awb ? (
        <>
          <dt className="text-muted">{labels.awb}</dt>
          <dd dir="ltr" className="text-start font-mono" data-testid="awb">
            {shipment.awb}
          </dd>
        </>
      ) : null}
      {shipment.trackingUrl ? <TrackLink href={shipment.trackingUrl} label={labels.link} /> : null}
    </dl>
  );
}

function TrackLink({ href, label }: { href: string; label: string }) {
  return (
    <>
      <dt className="sr-only">{label}</dt>
      <dd className="col-span-2">
        <a
          href={href}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex min-h-11 items-center font-semibold text-brand underline-offset-4 hover:underline"
        >
          {label}
        </a>
      </dd>
    </>
  );
}
