import type { CustomerShipment, TrackingEvent } from '@shop/domain/shipping/shipment';
import { type TrackingEventKind, trackingEventKinds } from '@shop/domain/shipping/statuses';
import { describe, expect, test } from 'vitest';
import en from '../../../i18n/messages/en/orders.json';
import hi from '../../../i18n/messages/hi/orders.json';
import ar from '../../../i18n/messages/ar/orders.json';
import { buildShipmentTimeline, deliveredAt, shipmentStepKinds } from './shipment-timeline';

const at = (hour: number) => `2026-11-24T${String(hour).padStart(2, '0')}:00:00.000Z`;
const event = (kind: TrackingEventKind | null, hour: number, location: string | null = null): TrackingEvent => ({
  kind,
  carrierStatus: kind ? kind.toUpperCase() : 'MANIFEST GENERATED',
  at: at(hour),
  location,
  activity: null,
});
const shipment = (status: CustomerShipment['status'], events: TrackingEvent[]) => ({ status, events });
const road = (steps: ReturnType<typeof buildShipmentTimeline>) => steps.map((step) => [step.kind, step.state]);

describe('the parcel journey', () => {
  test('label made, courier not yet come: waiting for pickup, the whole road still to come', () => {
    expect(road(buildShipmentTimeline(shipment('pickup_scheduled', [event(null, 1)])))).toEqual([
      ['awaiting_pickup', 'current'],
      ['picked_up', 'upcoming'],
      ['in_transit', 'upcoming'],
      ['out_for_delivery', 'upcoming'],
      ['delivered', 'upcoming'],
    ]);
  });

  test('each event is a step with its time and place; the latest is current, the rest of the road to come', () => {
    const steps = buildShipmentTimeline(
      shipment('in_transit', [event('picked_up', 1, 'Jaipur'), event('in_transit', 5, 'Delhi hub'), event('in_transit', 9, 'Mumbai hub')]),
    );
    expect(road(steps)).toEqual([
      ['picked_up', 'done'],
      ['in_transit', 'done'],
      ['in_transit', 'current'],
      ['out_for_delivery', 'upcoming'],
      ['delivered', 'upcoming'],
    ]);
    expect(steps[2]).toMatchObject({ at: at(9), location: 'Mumbai hub' });
  });

  test('an event that arrived late sits at its own time, and carrier statuses without a kind are left out', () => {
    const steps = buildShipmentTimeline(
      shipment('delivered', [event('picked_up', 1), event('out_for_delivery', 10), event(null, 2), event('in_transit', 4), event('delivered', 12)]),
    );
    expect(road(steps)).toEqual([
      ['picked_up', 'done'],
      ['in_transit', 'done'],
      ['out_for_delivery', 'done'],
      ['delivered', 'current'],
    ]);
  });

  test('a failed attempt keeps another delivery run ahead', () => {
    const steps = buildShipmentTimeline(
      shipment('failed_attempt', [event('picked_up', 1), event('in_transit', 2), event('out_for_delivery', 3), event('failed_attempt', 4)]),
    );
    expect(road(steps).slice(3)).toEqual([
      ['failed_attempt', 'current'],
      ['out_for_delivery', 'upcoming'],
      ['delivered', 'upcoming'],
    ]);
  });

  test('returning to the shop promises no delivery', () => {
    const steps = buildShipmentTimeline(
      shipment('rto_delivered', [event('picked_up', 1), event('failed_attempt', 3), event('rto_initiated', 5), event('rto_delivered', 9)]),
    );
    expect(road(steps)).toEqual([
      ['picked_up', 'done'],
      ['failed_attempt', 'done'],
      ['rto_initiated', 'done'],
      ['rto_delivered', 'current'],
    ]);
  });

  test('a shipment cancelled before pickup has no journey', () => {
    expect(buildShipmentTimeline(shipment('cancelled', []))).toEqual([]);
  });

  test('delivered on the delivered event, only once delivered', () => {
    expect(deliveredAt(shipment('delivered', [event('picked_up', 1), event('delivered', 7)]))).toBe(at(7));
    expect(deliveredAt(shipment('out_for_delivery', [event('picked_up', 1)]))).toBeNull();
  });

  test('every carrier event the shop acts on has a step, worded in every language', () => {
    expect(shipmentStepKinds.filter((kind) => kind !== 'awaiting_pickup')).toEqual([...trackingEventKinds]);
    for (const messages of [en, hi, ar]) {
      for (const kind of shipmentStepKinds) expect(messages.journey.kinds[kind], kind).toMatch(/\S/);
    }
    expect(Object.keys(en.journey.kinds).sort()).toEqual([...shipmentStepKinds].sort());
  });
});
