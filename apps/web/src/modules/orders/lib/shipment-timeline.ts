import type { CustomerShipment } from '@shop/domain/shipping/shipment';
import { type TrackingEventKind, trackingEventKinds } from '@shop/domain/shipping/statuses';
import type { TimelineState } from './timeline';

/**
 * The parcel's journey as the customer reads it (issue 22), built from the carrier's events (oldest first). Every
 * event the shop acts on is a step with its time and place; the usual road still ahead (picked up, in transit, out for
 * delivery, delivered) is shown as "still to come" so the customer sees what is next. A carrier status the shop does
 * not act on ("manifest generated") has no kind and is left out: it would read in the carrier's English only. Once the
 * parcel is delivered, returning or back at the shop, or the shipment is cancelled, nothing further is promised.
 *
 * Written without zod (the domain's zod-free statuses module), so the public tracking form can build it in the browser.
 */

export type ShipmentStepKind = TrackingEventKind | 'awaiting_pickup';

/** Every step a customer may read: the wait for the courier, then the carrier events the shop acts on. */
export const shipmentStepKinds: readonly ShipmentStepKind[] = ['awaiting_pickup', ...trackingEventKinds];

export interface ShipmentStep {
  kind: ShipmentStepKind;
  state: TimelineState;
  /** When it happened (ISO), null for a step still to come or the wait for the courier. */
  at: string | null;
  location: string | null;
}

/** The road a parcel normally travels, in order. */
export const usualRoad: readonly TrackingEventKind[] = ['picked_up', 'in_transit', 'out_for_delivery', 'delivered'];

/** Statuses after which no further step is promised. */
const finished = new Set<CustomerShipment['status']>(['delivered', 'rto_initiated', 'rto_delivered', 'cancelled']);

export function buildShipmentTimeline(shipment: Pick<CustomerShipment, 'status' | 'events'>): ShipmentStep[] {
  const happened = shipment.events.filter((event): event is typeof event & { kind: TrackingEventKind } => event.kind !== null);
  // Sorted again by time: the API keeps them oldest first, and a late event must not be shown as the latest.
  happened.sort((a, b) => Date.parse(a.at) - Date.parse(b.at));
  const steps: ShipmentStep[] = happened.map((event) => ({ kind: event.kind, state: 'done', at: event.at, location: event.location }));

  const ended = finished.has(shipment.status) || happened.some((event) => event.kind === 'rto_initiated' || event.kind === 'rto_delivered');
  if (steps.length === 0) {
    // Label made, the courier not yet come: the first thing to happen is the pickup.
    if (shipment.status === 'cancelled') return [];
    steps.push({ kind: 'awaiting_pickup', state: 'current', at: null, location: null });
  } else {
    steps[steps.length - 1]!.state = 'current';
  }
  if (ended) {
    // Delivered (or on its way back, or cancelled): the latest event is where it stands, nothing is to come.
    return steps;
  }
  // The furthest point of the usual road reached so far (a failed attempt keeps "out for delivery" ahead of it).
  const furthest = happened.reduce((best, event) => Math.max(best, usualRoad.indexOf(event.kind)), -1);
  const lastKind = happened.at(-1)?.kind;
  usualRoad.forEach((kind, index) => {
    const again = lastKind === 'failed_attempt' && kind === 'out_for_delivery';
    if (index > furthest || again) steps.push({ kind, state: 'upcoming', at: null, location: null });
  });
  return steps;
}

/** When the parcel was delivered (the latest delivered event), or null. */
export function deliveredAt(shipment: Pick<CustomerShipment, 'status' | 'events'>): string | null {
  if (shipment.status !== 'delivered') return null;
  return shipment.events.findLast((event) => event.kind === 'delivered')?.at ?? null;
}
