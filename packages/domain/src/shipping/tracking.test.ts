import { describe, expect, it } from 'vitest';
import { applyTrackingEvent, orderStepsFor, orderTimeline, rtoOrderOutcome, type ShipmentTrackState, shipmentCancellable } from './tracking.ts';
import type { TrackingEventKind } from './statuses.ts';
import { consignmentOf, shippingSettingsOf, suggestParcel } from './parcels.ts';

const at = (hour: number) => new Date(Date.UTC(2026, 10, 20, hour));
const play = (events: Array<[TrackingEventKind | null, number]>, start: ShipmentTrackState = { status: 'awb_assigned', lastEventAt: null }) =>
  events.reduce((state, [kind, hour]) => applyTrackingEvent(state, { kind, at: at(hour) }).state, start);

describe('applyTrackingEvent', () => {
  it('follows a journey in order', () => {
    expect(
      play([
        ['picked_up', 1],
        ['in_transit', 2],
        ['out_for_delivery', 3],
        ['delivered', 4],
      ]),
    ).toEqual({ status: 'delivered', lastEventAt: at(4) });
  });

  it('keeps an older event that arrives late from moving the status back', () => {
    const state = play([
      ['picked_up', 1],
      ['out_for_delivery', 3],
    ]);
    const late = applyTrackingEvent(state, { kind: 'in_transit', at: at(2) });
    expect(late.outcome).toBe('stale');
    expect(late.state).toEqual({ status: 'out_for_delivery', lastEventAt: at(3) });
  });

  it('treats the same event twice as stale the second time', () => {
    const once = play([['in_transit', 2]]);
    expect(applyTrackingEvent(once, { kind: 'in_transit', at: at(2) }).outcome).toBe('stale');
  });

  it('ends at delivered even when its time is older than a scan applied before, and nothing moves it after', () => {
    const state = play([
      ['out_for_delivery', 5],
      ['delivered', 4],
    ]);
    expect(state.status).toBe('delivered');
    expect(state.lastEventAt).toEqual(at(5));
    expect(applyTrackingEvent(state, { kind: 'failed_attempt', at: at(9) }).outcome).toBe('ignored');
  });

  it('does not undo a return to origin with a late forward scan, and ends at rto_delivered', () => {
    const returning = play([
      ['picked_up', 1],
      ['failed_attempt', 4],
      ['rto_initiated', 6],
    ]);
    expect(applyTrackingEvent(returning, { kind: 'out_for_delivery', at: at(7) }).outcome).toBe('ignored');
    expect(play([['rto_delivered', 9]], returning).status).toBe('rto_delivered');
  });

  it('ignores statuses the shop does not act on, and anything after a cancellation', () => {
    expect(applyTrackingEvent({ status: 'awb_assigned', lastEventAt: null }, { kind: null, at: at(1) }).outcome).toBe('ignored');
    expect(applyTrackingEvent({ status: 'cancelled', lastEventAt: null }, { kind: 'picked_up', at: at(1) }).outcome).toBe('ignored');
  });
});

describe('order steps', () => {
  it('ships a packed order on pickup and steps a confirmed one through packed', () => {
    expect(orderStepsFor('picked_up', 'packed')).toEqual(['shipped']);
    expect(orderStepsFor('in_transit', 'confirmed')).toEqual(['packed', 'shipped']);
    expect(orderStepsFor('picked_up', 'shipped')).toEqual([]);
  });

  it('delivers, through shipped when the pickup scan never came', () => {
    expect(orderStepsFor('delivered', 'shipped')).toEqual(['delivered']);
    expect(orderStepsFor('delivered', 'packed')).toEqual(['shipped', 'delivered']);
    expect(orderStepsFor('delivered', 'delivered')).toEqual([]);
    expect(orderStepsFor('delivered', 'cancelled')).toEqual([]);
  });

  it('cancels a COD order back at the shop and returns (and refunds) a prepaid one', () => {
    expect(rtoOrderOutcome('cod', 'shipped')).toEqual({ to: 'cancelled', refund: false });
    expect(rtoOrderOutcome('prepaid', 'shipped')).toEqual({ to: 'returned', refund: true });
    expect(rtoOrderOutcome('cod', 'cancelled')).toBeNull();
  });

  it('lets staff cancel only before pickup', () => {
    expect(shipmentCancellable('pickup_scheduled')).toBe(true);
    expect(shipmentCancellable('picked_up')).toBe(false);
  });
});

describe('orderTimeline', () => {
  it('sorts by the carrier time, ties by arrival', () => {
    const events = [
      { id: 'b', at: at(3), receivedAt: at(5) },
      { id: 'a', at: at(1), receivedAt: at(6) },
      { id: 'c', at: at(3), receivedAt: at(4) },
    ];
    expect(orderTimeline(events).map((event) => event.id)).toEqual(['a', 'c', 'b']);
  });
});

describe('parcels', () => {
  const settings = shippingSettingsOf({});

  it('adds up weights per unit and takes the largest box, with the default for products without figures', () => {
    const parcel = suggestParcel(
      [
        { quantity: 2, product: { weightGrams: 300, lengthCm: 30, breadthCm: 10, heightCm: 5 } },
        { quantity: 1, product: { weightGrams: 0, lengthCm: 0, breadthCm: 0, heightCm: 0 } },
      ],
      settings,
    );
    expect(parcel).toEqual({ weightGrams: 600 + 500, lengthCm: 30, breadthCm: 15, heightCm: 10 });
  });

  it('caps the suggestion at the parcel limits', () => {
    expect(suggestParcel([{ quantity: 100, product: { weightGrams: 1000, lengthCm: 200, breadthCm: 1, heightCm: 1 } }], settings)).toMatchObject({
      weightGrams: 30_000,
      lengthCm: 150,
    });
  });

  it('tells the carrier the total weight and the largest box of several parcels', () => {
    expect(
      consignmentOf([
        { weightGrams: 400, lengthCm: 10, breadthCm: 10, heightCm: 10 },
        { weightGrams: 900, lengthCm: 30, breadthCm: 20, heightCm: 10 },
      ]),
    ).toEqual({ weightGrams: 1300, lengthCm: 30, breadthCm: 20, heightCm: 10 });
  });

  it('falls back to the defaults for stored settings it cannot read', () => {
    expect(shippingSettingsOf({ defaultParcel: { weightGrams: -1 } }).defaultParcel.weightGrams).toBe(500);
  });
});
