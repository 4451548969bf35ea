import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { commonColumns } from './columns.ts';
import { orders } from './orders.ts';

/*
 * Shipments (issue 22, decision 084): an order's parcels handed to a carrier (Shiprocket, or the loopback carrier
 * speaking its API), and every tracking event the carrier sent. Rules: packages/domain/src/shipping.
 */

export type ShipmentStatusValue =
  | 'creating'
  | 'awb_assigned'
  | 'pickup_scheduled'
  | 'picked_up'
  | 'in_transit'
  | 'out_for_delivery'
  | 'delivered'
  | 'failed_attempt'
  | 'rto_initiated'
  | 'rto_delivered'
  | 'cancelled';

export const shipments = pgTable(
  'shipments',
  {
    ...commonColumns,
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    /** 'shiprocket'. */
    provider: text('provider').notNull(),
    status: text('status').$type<ShipmentStatusValue>().notNull().default('creating'),
    /** The reference we gave the carrier (the order number, with a suffix after a cancelled shipment). */
    reference: text('reference').notNull(),
    /** The carrier's order id and shipment id (Shiprocket's order_id and shipment_id). */
    providerOrderId: text('provider_order_id'),
    providerShipmentId: text('provider_shipment_id'),
    awb: text('awb'),
    courierId: integer('courier_id'),
    courierName: text('courier_name'),
    /** The carrier's label PDF address (downloaded through the API for staff). */
    labelUrl: text('label_url'),
    pickupScheduledFor: text('pickup_scheduled_for'),
    pickupToken: text('pickup_token'),
    /** The carrier's estimated delivery date (YYYY-MM-DD, India), once it gives one. */
    carrierEdd: text('carrier_edd'),
    /** The shop's own delivery promise when shipped (YYYY-MM-DD, the delivery-promise rules), shown until the carrier gives its date. */
    promiseEarliest: text('promise_earliest'),
    promiseLatest: text('promise_latest'),
    /** The carrier time of the newest event applied: an older event arriving later never moves the status back. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    /** A request creating this shipment with the carrier holds it until then (two "Ship" clicks never make two). */
    claimedUntil: timestamp('claimed_until', { withTimezone: true }),
    /** The carrier's last refusal while creating; cleared when creation succeeds. */
    lastError: text('last_error'),
    /** A parcel back at the shop: whether staff put the items back on sale (restocked) or not. */
    rtoResolution: text('rto_resolution').$type<'restocked' | 'not_resaleable'>(),
    rtoResolvedAt: timestamp('rto_resolved_at', { withTimezone: true }),
    rtoResolvedBy: uuid('rto_resolved_by').references(() => user.id, { onDelete: 'set null' }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => user.id, { onDelete: 'set null' }),
  },
  (t) => [
    // One live shipment per order: a second "Ship" (or a concurrent one) meets this index.
    uniqueIndex('shipments_order_live_idx')
      .on(t.orderId)
      .where(sql`${t.status} <> 'cancelled'`),
    uniqueIndex('shipments_awb_idx')
      .on(t.provider, t.awb)
      .where(sql`${t.awb} is not null`),
    uniqueIndex('shipments_reference_idx').on(t.provider, t.reference),
    index('shipments_order_idx').on(t.orderId, t.createdAt),
    index('shipments_status_idx').on(t.status, t.createdAt),
    index('shipments_pickup_idx')
      .on(t.pickupScheduledFor)
      .where(sql`${t.pickupScheduledFor} is not null`),
    check(
      'shipments_status_check',
      sql`${t.status} in ('creating', 'awb_assigned', 'pickup_scheduled', 'picked_up', 'in_transit', 'out_for_delivery', 'delivered', 'failed_attempt', 'rto_initiated', 'rto_delivered', 'cancelled')`,
    ),
    check('shipments_rto_resolution_check', sql`${t.rtoResolution} is null or ${t.rtoResolution} in ('restocked', 'not_resaleable')`),
  ],
);

/** The boxes of a shipment, in the order staff entered them. */
export const shipmentParcels = pgTable(
  'shipment_parcels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    shipmentId: uuid('shipment_id')
      .notNull()
      .references(() => shipments.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    weightGrams: integer('weight_grams').notNull(),
    lengthCm: integer('length_cm').notNull(),
    breadthCm: integer('breadth_cm').notNull(),
    heightCm: integer('height_cm').notNull(),
  },
  (t) => [
    index('shipment_parcels_shipment_idx').on(t.shipmentId, t.position),
    check('shipment_parcels_sizes_check', sql`${t.weightGrams} > 0 and ${t.lengthCm} > 0 and ${t.breadthCm} > 0 and ${t.heightCm} > 0`),
  ],
);

/**
 * Every tracking event a carrier sent, as it came. The unique (provider, event_key) makes a redelivered webhook a
 * no-op; `at` is the carrier's time of the event, by which the timeline is ordered and the status moved.
 */
export const shipmentEvents = pgTable(
  'shipment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    provider: text('provider').notNull(),
    /** The carrier's identity of the event (Shiprocket: AWB, status id and the event's timestamp). */
    eventKey: text('event_key').notNull(),
    /** Null when the AWB matched no shipment of ours (kept for staff to look at). */
    shipmentId: uuid('shipment_id').references(() => shipments.id, { onDelete: 'cascade' }),
    awb: text('awb').notNull(),
    /** Ours (picked_up … rto_delivered) or null for a carrier status the shop does not act on. */
    kind: text('kind'),
    carrierStatus: text('carrier_status').notNull(),
    carrierStatusId: integer('carrier_status_id'),
    at: timestamp('at', { withTimezone: true }).notNull(),
    location: text('location'),
    activity: text('activity'),
    payload: jsonb('payload').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
    /** What applying it did: applied, stale (older than the status), ignored, unknown_awb. */
    outcome: text('outcome'),
  },
  (t) => [uniqueIndex('shipment_events_key_idx').on(t.provider, t.eventKey), index('shipment_events_shipment_idx').on(t.shipmentId, t.at)],
);
