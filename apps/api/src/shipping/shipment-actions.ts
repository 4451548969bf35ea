import { orderLines, orders, shipmentParcels, shipments } from '@shop/db';
import { isCalendarDate } from '@shop/domain/calendar';
import { isInPickupWindow, pickupWindow } from '@shop/domain/shipping/pickup-window';
import type { ManifestRow, Shipment } from '@shop/domain/shipping/shipment';
import type { ShipmentStatus } from '@shop/domain/shipping/statuses';
import { shipmentCancellable } from '@shop/domain/shipping/tracking';
import { and, count, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import { recordAudit } from '../admin/audit.ts';
import { type Page, pageOf } from '../lib/page.ts';
import { fieldRefusal, Refusal } from '../lib/refusal.ts';
import { isOrderId } from '../orders/order-view.ts';
import { restockedQuantities } from '../payments/refund-ledger.ts';
import { returnStock } from '../orders/stock.ts';
import type { ShippingDeps, StaffActor } from './deps.ts';
import { carrierRefusal } from './ship-order.ts';
import { assembleShipments, findOrderShipment, type ShipmentRow } from './shipment-view.ts';

/** The order's live shipment row, or 404 (`admin_order_not_found` for a bad id, `shipment_not_found` for none). */
async function liveShipment(deps: ShippingDeps, rawOrderId: string): Promise<ShipmentRow> {
  if (!isOrderId(rawOrderId)) throw new Refusal('admin_order_not_found');
  const [row] = await deps.db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, rawOrderId.toLowerCase()), ne(shipments.status, 'cancelled')))
    .limit(1);
  if (!row) throw new Refusal('shipment_not_found');
  return row;
}

const reload = async (deps: ShippingDeps, orderId: string): Promise<Shipment> => (await findOrderShipment(deps.db, orderId))!;

/** The label PDF, fetched from the carrier each time (it keeps it; we keep only the AWB). */
export async function shipmentLabel(deps: ShippingDeps, orderId: string): Promise<{ pdf: Buffer; awb: string }> {
  const row = await liveShipment(deps, orderId);
  if (!row.awb || !row.providerShipmentId) throw new Refusal('shipment_no_awb');
  try {
    return { pdf: await deps.carrier.label(row.providerShipmentId), awb: row.awb };
  } catch (error) {
    throw carrierRefusal(error);
  }
}

/**
 * Asks the courier to come. Asking again answers the pickup already scheduled (the carrier's is idempotent too). A
 * date must lie in the pickup window, today to a few days ahead in India (packages/domain pickup-window.ts, decision
 * 147): 422 `shipment_pickup_date_outside_window` on `date`, with the window's first and last days.
 */
export async function requestPickup(deps: ShippingDeps, orderId: string, date: string | undefined, actor: StaffActor, now = new Date()): Promise<Shipment> {
  const row = await liveShipment(deps, orderId);
  if (!row.awb || !row.providerShipmentId) throw new Refusal('shipment_no_awb');
  const bookable = pickupWindow(now);
  const today = bookable.from;
  // The schema took only real dates (calendar.ts); whether the day can be booked is judged here, where today is known.
  if (date !== undefined && !isCalendarDate(date)) throw new Refusal('shipment_pickup_date_invalid');
  if (date !== undefined && !isInPickupWindow(date, bookable)) throw fieldRefusal('date', 'shipment_pickup_date_outside_window', bookable);
  if (row.pickupScheduledFor) return reload(deps, row.orderId);
  let pickup;
  try {
    pickup = await deps.carrier.schedulePickup({ providerShipmentId: row.providerShipmentId, ...(date ? { date } : {}) });
  } catch (error) {
    throw carrierRefusal(error);
  }
  await deps.db.transaction(async (tx) => {
    await tx
      .update(shipments)
      .set({
        pickupScheduledFor: pickup.scheduledFor ?? date ?? today,
        pickupToken: pickup.token,
        // Only a shipment still waiting for its courier shows "pickup scheduled"; a scan may have come first.
        ...(row.status === 'awb_assigned'
          ? { status: sql`case when ${shipments.status} = 'awb_assigned' then 'pickup_scheduled' else ${shipments.status} end` }
          : {}),
      })
      .where(eq(shipments.id, row.id));
    await recordAudit(tx, actor, {
      action: 'shipment.pickup',
      entityType: 'order',
      entityId: row.orderId,
      before: { pickupScheduledFor: null },
      after: { pickupScheduledFor: pickup.scheduledFor ?? date ?? today, token: pickup.token },
    });
  });
  return reload(deps, row.orderId);
}

/** Cancels a shipment before pickup: the carrier's order first, then ours (the order may be shipped again). */
export async function cancelShipment(deps: ShippingDeps, orderId: string, actor: StaffActor): Promise<Shipment> {
  const row = await liveShipment(deps, orderId);
  if (!shipmentCancellable(row.status)) throw new Refusal('shipment_not_cancellable', { params: { status: row.status } });
  if (row.status === 'creating' && row.claimedUntil && row.claimedUntil.getTime() > Date.now()) throw new Refusal('shipment_in_progress');
  if (row.providerOrderId) {
    try {
      await deps.carrier.cancel({ providerOrderId: row.providerOrderId, awb: row.awb });
    } catch (error) {
      throw carrierRefusal(error);
    }
  }
  await deps.db.transaction(async (tx) => {
    await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, row.orderId)).for('update');
    const [cancelled] = await tx
      .update(shipments)
      .set({ status: 'cancelled', cancelledAt: new Date(), claimedUntil: null })
      .where(and(eq(shipments.id, row.id), inArray(shipments.status, ['creating', 'awb_assigned', 'pickup_scheduled'])))
      .returning({ id: shipments.id });
    // A pickup scan landed between the check and now: the parcel is on its way, not cancelled.
    if (!cancelled) throw new Refusal('shipment_not_cancellable', { params: { status: 'picked_up' } });
    await recordAudit(tx, actor, {
      action: 'shipment.cancel',
      entityType: 'order',
      entityId: row.orderId,
      before: { status: row.status, awb: row.awb },
      after: { status: 'cancelled' },
    });
  });
  return reload(deps, row.orderId);
}

/**
 * A parcel back at the shop (rto_delivered): staff say whether its items can be sold again. Resaleable: every unit
 * not already put back by a refund returns to stock. Either way the decision is recorded once (409 the second time).
 */
export async function resolveRto(deps: ShippingDeps, orderId: string, resaleable: boolean, actor: StaffActor): Promise<Shipment> {
  if (!isOrderId(orderId)) throw new Refusal('admin_order_not_found');
  const id = orderId.toLowerCase();
  const cameBack = await deps.db.transaction(async (tx) => {
    const [order] = await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, id)).for('update');
    if (!order) throw new Refusal('admin_order_not_found');
    const [row] = await tx
      .select()
      .from(shipments)
      .where(and(eq(shipments.orderId, id), ne(shipments.status, 'cancelled')))
      .for('update');
    if (!row) throw new Refusal('shipment_not_found');
    if (row.status !== 'rto_delivered') throw new Refusal('shipment_rto_not_returned');
    if (row.rtoResolution) throw new Refusal('shipment_rto_already_resolved');
    const resolution = resaleable ? 'restocked' : 'not_resaleable';
    await tx.update(shipments).set({ rtoResolution: resolution, rtoResolvedAt: new Date(), rtoResolvedBy: actor.id }).where(eq(shipments.id, row.id));
    let back = false;
    if (resaleable) {
      const sold = await tx
        .select({ id: orderLines.id, productId: orderLines.productId, variantId: orderLines.variantId, quantity: orderLines.quantity })
        .from(orderLines)
        .where(eq(orderLines.orderId, id));
      const restocked = await restockedQuantities(tx, id);
      const lines = sold.map((line) => ({ ...line, quantity: line.quantity - (restocked.get(line.id) ?? 0) })).filter((line) => line.quantity > 0);
      back = (await returnStock(tx, lines)).cameBack;
    }
    await recordAudit(tx, actor, {
      action: 'shipment.rto',
      entityType: 'order',
      entityId: id,
      before: { rtoResolution: null },
      after: { rtoResolution: resolution },
    });
    return back;
  });
  if (cameBack) await deps.invalidateCatalogue?.();
  return reload(deps, id);
}

/** Shipments newest first, optionally of one status. */
export async function listShipments(deps: ShippingDeps, query: { status?: ShipmentStatus; page: number; limit: number }): Promise<Page<Shipment>> {
  const where = query.status ? eq(shipments.status, query.status) : undefined;
  const rows = await deps.db
    .select({ shipment: shipments, orderNumber: orders.number })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(where)
    .orderBy(desc(shipments.createdAt), desc(shipments.id))
    .limit(query.limit)
    .offset((query.page - 1) * query.limit);
  const [total] = await deps.db.select({ n: count() }).from(shipments).where(where);
  const data = await assembleShipments(
    deps.db,
    rows.map((row) => ({ ...row.shipment, orderNumber: row.orderNumber })),
  );
  return pageOf(data, total?.n ?? 0, query.page, query.limit);
}

/** The day's handover: live shipments with an AWB whose pickup is that day (India date). */
export async function manifestRows(deps: ShippingDeps, date: string): Promise<Array<ManifestRow & { providerShipmentId: string }>> {
  const rows = await deps.db
    .select({ shipment: shipments, order: orders })
    .from(shipments)
    .innerJoin(orders, eq(orders.id, shipments.orderId))
    .where(and(eq(shipments.pickupScheduledFor, date), ne(shipments.status, 'cancelled')))
    .orderBy(shipments.createdAt);
  const withAwb = rows.filter((row) => row.shipment.awb && row.shipment.providerShipmentId);
  const ids = withAwb.map((row) => row.shipment.id);
  const parcels = ids.length === 0 ? [] : await deps.db.select().from(shipmentParcels).where(inArray(shipmentParcels.shipmentId, ids));
  return withAwb.map(({ shipment, order }) => {
    const own = parcels.filter((parcel) => parcel.shipmentId === shipment.id);
    return {
      orderNumber: order.number,
      awb: shipment.awb!,
      courierName: shipment.courierName ?? '',
      consignee: order.address.name,
      city: order.address.city,
      pincode: order.address.pincode,
      parcels: own.length,
      weightGrams: own.reduce((sum, parcel) => sum + parcel.weightGrams, 0),
      codAmount: order.paymentMethod === 'cod' ? order.grandTotal : 0,
      providerShipmentId: shipment.providerShipmentId!,
    };
  });
}

const csvCell = (value: string | number) => {
  const text = String(value);
  // A leading =, +, - or @ would be a formula in a spreadsheet.
  const safe = /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[",\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
};

export function manifestCsv(rows: ManifestRow[]): string {
  const head = ['order', 'awb', 'courier', 'consignee', 'city', 'pincode', 'parcels', 'weight_grams', 'cod_amount_rupees'];
  const body = rows.map((row) =>
    [row.orderNumber, row.awb, row.courierName, row.consignee, row.city, row.pincode, row.parcels, row.weightGrams, (row.codAmount / 100).toFixed(2)]
      .map(csvCell)
      .join(','),
  );
  return `${[head.join(','), ...body].join('\n')}\n`;
}

/** The carrier's manifest PDF for the day's shipments. */
export async function manifestPdf(deps: ShippingDeps, rows: Array<{ providerShipmentId: string }>): Promise<Buffer> {
  try {
    return await deps.carrier.manifest(rows.map((row) => row.providerShipmentId));
  } catch (error) {
    throw carrierRefusal(error);
  }
}
