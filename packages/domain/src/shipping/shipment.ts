import { z } from 'zod';
import { adminPageFields } from '../admin/paging.ts';
import { calendarDateSchema } from '../calendar-schemas.ts';
import { coded } from '../field-errors.ts';
import { paginatedSchema } from '../catalogue.ts';
import { shipmentStatuses, type TrackingEventKind, trackingEventKinds } from './statuses.ts';

/**
 * Shipments (issue 22, decision 084): what the API takes and answers about parcels leaving the shop and the carrier's
 * tracking events, whatever the carrier (Shiprocket, or the loopback carrier speaking its shapes). The storefront's
 * two shipping widgets and the back office's "Ship" screens are built on these schemas (docs/shipping-api.md).
 */

export { shipmentStatuses, trackingEventKinds, type ShipmentStatus, type TrackingEventKind } from './statuses.ts';

/** The carrier events the shop acts on (statuses.ts); every other carrier status is stored but moves nothing. */
export const trackingEventKindSchema = z.enum(trackingEventKinds);

/**
 * A shipment's life. `creating`: our row exists, the carrier's order and AWB are being made (a failed call leaves it
 * here with `lastError`; shipping again resumes it). `awb_assigned`: a courier and airway bill number, label ready.
 * `pickup_scheduled`: the courier comes on `pickup.scheduledFor`. Then the carrier's events. `cancelled`: by staff
 * before pickup (a new shipment may then be made).
 */
export const shipmentStatusSchema = z.enum(shipmentStatuses);

/** English labels (the storefront translates by key). */
export const trackingEventLabels: Record<TrackingEventKind, string> = {
  picked_up: 'Picked up',
  in_transit: 'In transit',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered',
  failed_attempt: 'Delivery attempt failed',
  rto_initiated: 'Returning to the shop',
  rto_delivered: 'Returned to the shop',
};

/** Largest value of a PostgreSQL `integer` column. */
const PG_INT_MAX = 2_147_483_647;

/** Limits a parcel must respect (a courier's single-piece limits for surface parcels). */
export const PARCEL_LIMITS = { maxWeightGrams: 30_000, maxSideCm: 150, maxParcels: 10 } as const;

const whole = (code: 'shipment_parcel_weight_invalid' | 'shipment_parcel_size_invalid', max: number) =>
  z
    .number({ error: coded(code) })
    .int({ error: coded(code) })
    .min(1, { error: coded(code) })
    .max(max, { error: coded(code) });

/** One box: weight in grams, sides in whole centimetres (couriers bill the larger of dead and volumetric weight). */
export const parcelSchema = z.object({
  weightGrams: whole('shipment_parcel_weight_invalid', PARCEL_LIMITS.maxWeightGrams),
  lengthCm: whole('shipment_parcel_size_invalid', PARCEL_LIMITS.maxSideCm),
  breadthCm: whole('shipment_parcel_size_invalid', PARCEL_LIMITS.maxSideCm),
  heightCm: whole('shipment_parcel_size_invalid', PARCEL_LIMITS.maxSideCm),
});
export type Parcel = z.infer<typeof parcelSchema>;

/**
 * POST /api/admin/orders/{id}/shipment. No parcels: one parcel with the weight and size worked out from the products
 * (their parcel defaults, else the shop's). An `Idempotency-Key` header may be sent; shipping an order that already
 * has a live shipment answers that shipment again (200) instead of making a second one.
 */
export const shipOrderRequestSchema = z.object({
  parcels: z
    .array(parcelSchema, { error: coded('shipment_parcels_invalid') })
    .min(1, { error: coded('shipment_parcels_invalid') })
    .max(PARCEL_LIMITS.maxParcels, { error: coded('shipment_parcels_invalid') })
    .optional(),
  /** A courier the carrier offers (Shiprocket's courier_company_id); omitted: the carrier's own choice by its rules. */
  courierId: z
    .number({ error: coded('shipment_courier_invalid') })
    .int({ error: coded('shipment_courier_invalid') })
    .min(1, { error: coded('shipment_courier_invalid') })
    // The shipment's integer column holds no more.
    .max(PG_INT_MAX, { error: coded('shipment_courier_invalid') })
    .optional(),
});
export type ShipOrderRequest = z.input<typeof shipOrderRequestSchema>;

/** One carrier event as stored, oldest first in a timeline. */
export const trackingEventSchema = z.object({
  /** Null for a carrier status the shop does not act on (e.g. "manifest generated"); shown with the carrier's words. */
  kind: trackingEventKindSchema.nullable(),
  /** The carrier's own status words ("IN TRANSIT"). */
  carrierStatus: z.string(),
  /** When it happened, by the carrier's clock (ISO). */
  at: z.string(),
  location: z.string().nullable(),
  activity: z.string().nullable(),
});
export type TrackingEvent = z.infer<typeof trackingEventSchema>;

/** When the parcel should arrive: the carrier's estimated date once it has one, else the shop's own promise. */
export const expectedDeliverySchema = z.object({
  earliest: z.string(),
  latest: z.string(),
  source: z.enum(['carrier', 'estimate']),
});
export type ExpectedDelivery = z.infer<typeof expectedDeliverySchema>;

/** What the customer (order list, order detail) and the public tracking page see of a shipment: nothing internal. */
export const customerShipmentSchema = z.object({
  status: shipmentStatusSchema,
  courierName: z.string().nullable(),
  awb: z.string().nullable(),
  /** The carrier's public tracking page for the AWB, when there is one. */
  trackingUrl: z.string().nullable(),
  expectedDelivery: expectedDeliverySchema.nullable(),
  /** Oldest first; an event that arrived late sits at its own time. */
  events: z.array(trackingEventSchema),
});
export type CustomerShipment = z.infer<typeof customerShipmentSchema>;

export const rtoResolutions = ['restocked', 'not_resaleable'] as const;
export type RtoResolution = (typeof rtoResolutions)[number];

/** A shipment as the back office sees it. */
export const shipmentSchema = customerShipmentSchema.extend({
  _id: z.string(),
  orderId: z.string(),
  orderNumber: z.string(),
  /** 'shiprocket' (the loopback carrier speaks Shiprocket's API, so it is named the same). */
  provider: z.string(),
  providerOrderId: z.string().nullable(),
  providerShipmentId: z.string().nullable(),
  courierId: z.number().int().nullable(),
  parcels: z.array(parcelSchema),
  /** GET this (same origin, staff only) for the label PDF; null until an AWB is assigned. */
  labelPath: z.string().nullable(),
  pickup: z.object({ scheduledFor: z.string().nullable(), token: z.string().nullable() }),
  /** Set once the parcel is back at the shop (rto_delivered): staff decide whether it goes back on sale. */
  rto: z.object({
    resolution: z.enum(rtoResolutions).nullable(),
    resolvedAt: z.string().nullable(),
  }),
  /** The carrier's last refusal while creating (shipping again retries); null when none. */
  lastError: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

/** GET /api/admin/orders/{id}/shipment: the live (or last) shipment, and the parcel "Ship" should offer. */
export const orderShipmentSchema = z.object({
  shipment: shipmentSchema.nullable(),
  suggestedParcel: parcelSchema,
  /** Whether the order's status lets it be shipped now (confirmed, in production or packed, with no live shipment). */
  canShip: z.boolean(),
});
export type OrderShipment = z.infer<typeof orderShipmentSchema>;

export const shipmentListSchema = paginatedSchema(shipmentSchema);
/** GET /api/admin/shipments: the status, and the page and limit as the other back-office lists read them. */
export const shipmentListQuerySchema = z.object({
  status: shipmentStatusSchema.optional(),
  ...adminPageFields(20),
});

/** POST /api/admin/shipments/bulk: ship many orders with their default parcels; one result per order, in order. */
export const MAX_BULK_SHIP = 50;
export const bulkShipRequestSchema = z.object({
  orderIds: z
    .array(z.string().max(100), { error: coded('shipment_bulk_invalid') })
    .min(1, { error: coded('shipment_bulk_invalid') })
    .max(MAX_BULK_SHIP, { error: coded('shipment_bulk_invalid') }),
});
export const bulkShipResultSchema = z.discriminatedUnion('ok', [
  z.object({ orderId: z.string(), ok: z.literal(true), shipment: shipmentSchema }),
  z.object({ orderId: z.string(), ok: z.literal(false), code: z.string(), message: z.string() }),
]);
export const bulkShipResponseSchema = z.object({ results: z.array(bulkShipResultSchema) });
export type BulkShipResponse = z.infer<typeof bulkShipResponseSchema>;

/** POST /api/admin/orders/{id}/shipment/pickup: ask the courier to come (the carrier picks the date unless given). */
export const pickupRequestSchema = z.object({
  /** YYYY-MM-DD, a real date (calendar.ts) in the pickup window (pickup-window.ts, judged by the API, which knows today); omitted: the carrier's next pickup slot. */
  date: calendarDateSchema('shipment_pickup_date_invalid').optional(),
});

/** GET /api/admin/shipments/manifest?date=&format=: the day's handover sheet for the courier. */
export const manifestQuerySchema = z.object({
  /** YYYY-MM-DD in India; default today. Shipments whose pickup is scheduled that day. */
  date: calendarDateSchema('shipment_manifest_date_invalid').optional(),
  format: z.enum(['pdf', 'csv']).default('pdf'),
});

/** A manifest's row: one shipment handed to the courier. */
export interface ManifestRow {
  orderNumber: string;
  awb: string;
  courierName: string;
  consignee: string;
  city: string;
  pincode: string;
  parcels: number;
  weightGrams: number;
  /** Paise to collect on delivery; 0 for prepaid. */
  codAmount: number;
}

/** GET /api/admin/shipments/manifest.json: the day's manifest for integrations (the same rows as the CSV, paise). */
export const manifestJsonQuerySchema = manifestQuerySchema.pick({ date: true });
export const manifestJsonSchema = z.object({
  /** The day, YYYY-MM-DD in India. */
  date: z.string(),
  rows: z.array(
    z.object({
      orderNumber: z.string(),
      awb: z.string(),
      courierName: z.string(),
      consignee: z.string(),
      city: z.string(),
      pincode: z.string(),
      parcels: z.number().int(),
      weightGrams: z.number().int(),
      /** Paise to collect on delivery; 0 for prepaid. */
      codAmount: z.number().int(),
    }),
  ),
});
export type ManifestJson = z.infer<typeof manifestJsonSchema>;

/** POST /api/admin/orders/{id}/shipment/rto: the parcel came back; staff say whether its items go back on sale. */
export const rtoResolveRequestSchema = z.object({
  resaleable: z.boolean({ error: coded('shipment_rto_resaleable_required') }),
});
