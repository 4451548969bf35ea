import { type Database, orders, shipmentEvents, shipmentParcels, shipments } from '@shop/db';
import type { CustomerShipment, ExpectedDelivery, Shipment, TrackingEvent } from '@shop/domain/shipping/shipment';
import type { TrackingEventKind } from '@shop/domain/shipping/statuses';
import { orderTimeline } from '@shop/domain/shipping/tracking';
import { and, asc, desc, eq, inArray, ne } from 'drizzle-orm';

/** Shipments as the API answers them: the back office's whole view, and the customer's timeline (no internals). */

export type ShipmentRow = typeof shipments.$inferSelect;
type ParcelRow = typeof shipmentParcels.$inferSelect;
type EventRow = typeof shipmentEvents.$inferSelect;
type Reader = Pick<Database, 'select'>;

export const TRACKING_URL = (awb: string) => `https://shiprocket.co/tracking/${encodeURIComponent(awb)}`;

/** The label's address for staff (same origin; the route downloads the carrier's PDF). */
export const labelPath = (orderId: string) => `/api/admin/orders/${orderId}/shipment/label`;

function events(rows: EventRow[]): TrackingEvent[] {
  return orderTimeline(rows).map((row) => ({
    kind: (row.kind as TrackingEventKind | null) ?? null,
    carrierStatus: row.carrierStatus,
    at: row.at.toISOString(),
    location: row.location,
    activity: row.activity,
  }));
}

/**
 * When the parcel should arrive: the carrier's date once it gave one, else the shop's own promise worked out when it
 * shipped (the delivery-promise rules). Nothing once delivered or returning.
 */
function expected(row: ShipmentRow): ExpectedDelivery | null {
  if (['delivered', 'rto_initiated', 'rto_delivered', 'cancelled'].includes(row.status)) return null;
  if (row.carrierEdd) return { earliest: row.carrierEdd, latest: row.carrierEdd, source: 'carrier' };
  if (row.promiseEarliest && row.promiseLatest) return { earliest: row.promiseEarliest, latest: row.promiseLatest, source: 'estimate' };
  return null;
}

export function toCustomerShipment(row: ShipmentRow, eventRows: EventRow[]): CustomerShipment {
  return {
    status: row.status,
    courierName: row.courierName,
    awb: row.awb,
    trackingUrl: row.awb ? TRACKING_URL(row.awb) : null,
    expectedDelivery: expected(row),
    events: events(eventRows),
  };
}

export function toShipment(row: ShipmentRow, orderNumber: string, parcels: ParcelRow[], eventRows: EventRow[]): Shipment {
  return {
    ...toCustomerShipment(row, eventRows),
    _id: row.id,
    orderId: row.orderId,
    orderNumber,
    provider: row.provider,
    providerOrderId: row.providerOrderId,
    providerShipmentId: row.providerShipmentId,
    courierId: row.courierId,
    parcels: [...parcels]
      .sort((a, b) => a.position - b.position)
      .map((parcel) => ({ weightGrams: parcel.weightGrams, lengthCm: parcel.lengthCm, breadthCm: parcel.breadthCm, heightCm: parcel.heightCm })),
    labelPath: row.awb ? labelPath(row.orderId) : null,
    pickup: { scheduledFor: row.pickupScheduledFor, token: row.pickupToken },
    rto: { resolution: row.rtoResolution, resolvedAt: row.rtoResolvedAt?.toISOString() ?? null },
    lastError: row.lastError,
    cancelledAt: row.cancelledAt?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Several shipments' parcels and events in two queries, then assembled in the rows' order. */
export async function assembleShipments(db: Reader, rows: Array<ShipmentRow & { orderNumber: string }>): Promise<Shipment[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const parcels = await db.select().from(shipmentParcels).where(inArray(shipmentParcels.shipmentId, ids));
  const eventRows = await db.select().from(shipmentEvents).where(inArray(shipmentEvents.shipmentId, ids));
  return rows.map((row) =>
    toShipment(
      row,
      row.orderNumber,
      parcels.filter((parcel) => parcel.shipmentId === row.id),
      eventRows.filter((event) => event.shipmentId === row.id),
    ),
  );
}

/** The order's live shipment, else its newest cancelled one; null when it never had one. */
export async function findOrderShipment(db: Reader, orderId: string): Promise<Shipment | null> {
  const rows = await db
    .select({ shipment: shipments, orderNumber: orders.number })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(eq(shipments.orderId, orderId))
    .orderBy(asc(eq(shipments.status, 'cancelled')), desc(shipments.createdAt))
    .limit(1);
  const [found] = await assembleShipments(
    db,
    rows.map((row) => ({ ...row.shipment, orderNumber: row.orderNumber })),
  );
  return found ?? null;
}

/** The live shipment (not cancelled) of each order, with its events, for the customer's order views. */
export async function customerShipments(db: Reader, orderIds: string[]): Promise<Map<string, CustomerShipment>> {
  const found = new Map<string, CustomerShipment>();
  if (orderIds.length === 0) return found;
  const rows = await db
    .select()
    .from(shipments)
    .where(and(inArray(shipments.orderId, orderIds), ne(shipments.status, 'cancelled')));
  if (rows.length === 0) return found;
  const eventRows = await db
    .select()
    .from(shipmentEvents)
    .where(
      inArray(
        shipmentEvents.shipmentId,
        rows.map((row) => row.id),
      ),
    );
  for (const row of rows) {
    found.set(
      row.orderId,
      toCustomerShipment(
        row,
        eventRows.filter((event) => event.shipmentId === row.id),
      ),
    );
  }
  return found;
}
