import { pickupWindow } from '@shop/domain/shipping/pickup-window';
import type { OrderShipment, Shipment } from '@shop/domain/shipping/shipment';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import { formatDate, formatDateTime } from '@modules/admin/orders/lib/format';
import { ShipForm } from '../components/ship-form';
import { type ShipmentAbilities, ShipmentActions } from '../components/shipment-actions';

const card = 'rounded-xl border border-line bg-white p-4 sm:p-6';
const linkButton = 'inline-flex min-h-11 items-center rounded-full border border-line bg-white px-4 py-2 text-sm font-semibold hover:bg-surface';

/** Before pickup the shipment can still be called off; after it, the parcel is the courier's. */
const cancellable = new Set<Shipment['status']>(['creating', 'awb_assigned', 'pickup_scheduled']);

/** Nothing more will come from the carrier for these. */
const settled = new Set<Shipment['status']>(['delivered', 'rto_delivered', 'cancelled']);

/** A calendar date of the API (YYYY-MM-DD, India) as the back office writes dates. */
const calendarDate = (day: string) => formatDate(`${day}T12:00:00+05:30`);

/** The days a pickup may be booked for as the page is drawn (the shop's rule; the API judges again when asked). */
function pickupDaysNow() {
  const days = pickupWindow(new Date());
  return { ...days, lastLabel: calendarDate(days.to) };
}

function abilitiesOf(shipment: Shipment): ShipmentAbilities {
  return {
    pickup: shipment.status === 'awb_assigned',
    track: shipment.awb !== null && !settled.has(shipment.status),
    cancel: cancellable.has(shipment.status),
    rto: shipment.status === 'rto_delivered' && shipment.rto.resolution === null,
  };
}

/**
 * The order page's shipment card (issue 22): "Ship" with the suggested parcel while the order may ship; then the
 * carrier's AWB and courier, the label, the pickup, the parcels, what to do next, and every carrier event in order
 * (the order's status follows them on its own). A shipment that came back asks whether its item can be sold again.
 */
export function ShipmentPanel({ orderId, data, t, messages }: { orderId: string; data: OrderShipment; t: AdminTranslate; messages: Record<string, unknown> }) {
  const { shipment, suggestedParcel, canShip } = data;
  const live = shipment && shipment.status !== 'cancelled' ? shipment : null;
  return (
    <section aria-labelledby="shipment" className={card} data-testid="shipment-panel">
      <h2 id="shipment" className="mb-3 text-lg font-semibold">
        {t('panel.title')}
      </h2>
      {shipment && !live && shipment.cancelledAt ? (
        <p className="mb-3 text-sm text-muted">{t('panel.previousCancelled', { date: formatDateTime(shipment.cancelledAt) })}</p>
      ) : null}
      {live ? (
        <ShipmentFacts orderId={orderId} shipment={live} t={t} messages={messages} />
      ) : canShip ? (
        <>
          <h3 className="mb-2 font-semibold">{t('ship.title')}</h3>
          <ShipForm orderId={orderId} suggested={suggestedParcel} messages={messages} />
        </>
      ) : (
        <p className="text-sm text-muted">{t('panel.cannotShip')}</p>
      )}
    </section>
  );
}

function ShipmentFacts({ orderId, shipment, t, messages }: { orderId: string; shipment: Shipment; t: AdminTranslate; messages: Record<string, unknown> }) {
  const expected = shipment.expectedDelivery;
  return (
    <div className="flex flex-col gap-4">
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        <dt className="text-muted">{t('panel.status')}</dt>
        <dd className="font-semibold" data-testid="shipment-status" data-status={shipment.status}>
          {t(`status.${shipment.status}`)}
        </dd>
        {shipment.courierName ? (
          <>
            <dt className="text-muted">{t('panel.courier')}</dt>
            <dd>{shipment.courierName}</dd>
          </>
        ) : null}
        {shipment.awb ? (
          <>
            <dt className="text-muted">{t('panel.awb')}</dt>
            <dd className="font-mono" dir="ltr" data-testid="shipment-awb">
              {shipment.awb}
            </dd>
          </>
        ) : null}
        {expected ? (
          <>
            <dt className="text-muted">{t('panel.expected')}</dt>
            <dd>
              {expected.earliest === expected.latest
                ? calendarDate(expected.earliest)
                : `${calendarDate(expected.earliest)} – ${calendarDate(expected.latest)}`}{' '}
              <span className="text-muted">({expected.source === 'carrier' ? t('panel.expectedCarrier') : t('panel.expectedEstimate')})</span>
            </dd>
          </>
        ) : null}
        {shipment.pickup.scheduledFor ? (
          <>
            <dt className="text-muted">{t('panel.pickup')}</dt>
            <dd>
              {t('panel.pickupOn', { date: calendarDate(shipment.pickup.scheduledFor.slice(0, 10)) })}
              {shipment.pickup.token ? <span className="block text-muted">{t('panel.pickupToken', { token: shipment.pickup.token })}</span> : null}
            </dd>
          </>
        ) : null}
        <dt className="text-muted">{t('panel.parcels')}</dt>
        <dd>
          <ul>
            {shipment.parcels.map((parcel, index) => (
              <li key={index}>
                {t('panel.parcel', { weight: parcel.weightGrams, length: parcel.lengthCm, breadth: parcel.breadthCm, height: parcel.heightCm })}
              </li>
            ))}
          </ul>
        </dd>
        {shipment.providerOrderId ? (
          <>
            <dt className="text-muted">{t('panel.carrierOrder')}</dt>
            <dd className="font-mono" dir="ltr">
              {shipment.providerOrderId}
            </dd>
          </>
        ) : null}
      </dl>
      {shipment.lastError ? (
        <p role="alert" className="rounded-lg bg-danger/10 px-3 py-2 text-sm text-danger">
          {t('panel.lastError', { error: shipment.lastError })}
        </p>
      ) : null}
      <div className="flex flex-wrap gap-3">
        {shipment.labelPath ? (
          <a href={shipment.labelPath} download className={linkButton}>
            {t('actions.label')}
          </a>
        ) : null}
        {shipment.trackingUrl ? (
          <a href={shipment.trackingUrl} target="_blank" rel="noopener noreferrer" className={linkButton}>
            {t('panel.trackingPage')}
          </a>
        ) : null}
      </div>
      {shipment.status === 'creating' ? null : (
        <ShipmentActions orderId={orderId} can={abilitiesOf(shipment)} pickupDays={pickupDaysNow()} messages={messages} />
      )}
      {shipment.rto.resolution && shipment.rto.resolvedAt ? (
        <p className="text-sm" data-testid="rto-resolution">
          {t(`rto.${shipment.rto.resolution}`, { date: formatDateTime(shipment.rto.resolvedAt) })}
        </p>
      ) : null}
      <CarrierEvents shipment={shipment} t={t} />
    </div>
  );
}

/** Every event the carrier sent, oldest first, with its own words (the back office sees what the customer does not). */
function CarrierEvents({ shipment, t }: { shipment: Shipment; t: AdminTranslate }) {
  return (
    <div>
      <h3 className="mb-2 font-semibold">{t('panel.events')}</h3>
      {shipment.events.length === 0 ? (
        <p className="text-sm text-muted">{t('panel.noEvents')}</p>
      ) : (
        <ol aria-label={t('panel.eventsLabel')} className="flex flex-col gap-3 text-sm" data-testid="carrier-events">
          {shipment.events.map((event, index) => (
            <li key={`${event.at}-${index}`} className="border-s-2 border-line ps-3" data-kind={event.kind ?? 'other'}>
              <p className="font-medium">
                {event.kind ? t(`status.${event.kind}`) : event.carrierStatus}
                {event.kind ? <span className="font-normal text-muted"> · {event.carrierStatus}</span> : null}
              </p>
              <p className="text-muted">
                <time dateTime={event.at}>{formatDateTime(event.at)}</time>
                {event.location ? ` · ${event.location}` : ''}
              </p>
              {event.activity ? <p>{event.activity}</p> : null}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
