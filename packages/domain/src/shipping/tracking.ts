import type { OrderStatus } from '../order-statuses.ts';
import type { PaymentMethod } from '../payment.ts';
import type { ShipmentStatus, TrackingEventKind } from './statuses.ts';

/**
 * How carrier events move a shipment and its order (issue 22, decision 085). Pure: the API stores every event first
 * (idempotently, by the carrier's event key), then asks these rules under the order's and the shipment's row locks.
 *
 * - Events are applied by the carrier's time, not by arrival: an event older than the newest applied one is kept for
 *   the timeline but moves nothing (webhooks are retried and overtake each other).
 * - `delivered` and `rto_delivered` end the journey whatever their time; nothing moves a shipment out of them, or
 *   out of `cancelled`.
 * - Once a parcel is returning (RTO), only `rto_delivered` moves it: a late forward-leg scan does not undo the RTO.
 */

export interface ShipmentTrackState {
  status: ShipmentStatus;
  /** The carrier time of the newest event applied; null before any. */
  lastEventAt: Date | null;
}

export interface IncomingEvent {
  kind: TrackingEventKind | null;
  at: Date;
}

export type EventOutcome = 'applied' | 'stale' | 'ignored';

const ENDS: ReadonlySet<ShipmentStatus> = new Set(['delivered', 'rto_delivered', 'cancelled']);
const RETURNING: ReadonlySet<ShipmentStatus> = new Set(['rto_initiated']);
const FINAL_KINDS: ReadonlySet<TrackingEventKind> = new Set(['delivered', 'rto_delivered']);

/** The shipment after one event, and whether the event moved it (`stale`: older than what was applied). */
export function applyTrackingEvent(state: ShipmentTrackState, event: IncomingEvent): { state: ShipmentTrackState; outcome: EventOutcome } {
  const unchanged = (outcome: EventOutcome) => ({ state, outcome });
  if (event.kind === null || ENDS.has(state.status)) return unchanged('ignored');
  if (RETURNING.has(state.status) && event.kind !== 'rto_delivered' && event.kind !== 'rto_initiated') return unchanged('ignored');
  const final = FINAL_KINDS.has(event.kind);
  if (!final && state.lastEventAt && event.at.getTime() <= state.lastEventAt.getTime()) return unchanged('stale');
  const lastEventAt = state.lastEventAt && state.lastEventAt.getTime() > event.at.getTime() ? state.lastEventAt : event.at;
  return { state: { status: event.kind, lastEventAt }, outcome: 'applied' };
}

/** A shipment the carrier has not picked up yet: staff may still cancel it. */
export function shipmentCancellable(status: ShipmentStatus): boolean {
  return status === 'creating' || status === 'awb_assigned' || status === 'pickup_scheduled';
}

/** Order statuses a shipment may be made for. */
export const SHIPPABLE_ORDER_STATUSES: readonly OrderStatus[] = ['confirmed', 'in_production', 'packed'];

/**
 * The order statuses, in order, that an event takes the order through (the shop's ordinary steps, each one recorded
 * in its history): any scan after pickup means the parcel left, so the order is `shipped` (packed first when it was
 * not yet); `delivered` also delivers it. An order already there (or cancelled) takes no step.
 */
export function orderStepsFor(kind: TrackingEventKind, current: OrderStatus): OrderStatus[] {
  const target: OrderStatus = kind === 'delivered' ? 'delivered' : 'shipped';
  const path: OrderStatus[] = ['packed', 'shipped', 'delivered'];
  const done: Partial<Record<OrderStatus, number>> = { confirmed: 0, in_production: 0, packed: 1, shipped: 2, delivered: 3 };
  const from = done[current];
  if (from === undefined) return [];
  const to = path.indexOf(target) + 1;
  return path.slice(from, to);
}

/**
 * What a parcel back at the shop does to its order (the carrier's move, outside the staff's status machine): cash on
 * delivery was never paid, so the order is cancelled; a prepaid order is `returned` and its refund starts.
 */
export function rtoOrderOutcome(paymentMethod: PaymentMethod, current: OrderStatus): { to: OrderStatus; refund: boolean } | null {
  if (current !== 'shipped') return null;
  return paymentMethod === 'cod' ? { to: 'cancelled', refund: false } : { to: 'returned', refund: true };
}

/** A timeline oldest first: by the carrier's time, ties in the order received. */
export function orderTimeline<T extends { at: Date | string; receivedAt?: Date | string }>(events: readonly T[]): T[] {
  const time = (value: Date | string | undefined) => (value === undefined ? 0 : new Date(value).getTime());
  return [...events].sort((a, b) => time(a.at) - time(b.at) || time(a.receivedAt) - time(b.receivedAt));
}
