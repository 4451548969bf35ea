import { orderLines, orders, orderStatusHistory, pincodes, products, shipmentParcels, shipments, siteSettings, user } from '@shop/db';
import { awaitsCodConfirmation } from '@shop/domain/cod/cod-rules';
import { estimateDelivery } from '@shop/domain/delivery/delivery-estimate';
import { awaitsPayment } from '@shop/domain/payment';
import { consignmentOf, type ParcelLine, shippingSettingsOf, suggestParcel } from '@shop/domain/shipping/parcels';
import type { Parcel, Shipment } from '@shop/domain/shipping/shipment';
import { SHIPPABLE_ORDER_STATUSES } from '@shop/domain/shipping/tracking';
import { and, asc, count, eq, inArray, ne } from 'drizzle-orm';
import { recordAudit } from '../admin/audit.ts';
import { loadDeliverySettings } from '../delivery/delivery-settings.ts';
import { isUniqueViolation, Refusal } from '../lib/refusal.ts';
import { isOrderId } from '../orders/order-view.ts';
import type { ShippingDeps, StaffActor, Tx } from './deps.ts';
import { CarrierError } from './provider.ts';
import { findOrderShipment, type ShipmentRow } from './shipment-view.ts';

/** A request creating a shipment with the carrier holds it this long; a crash mid-way frees it after. */
const CLAIM_MS = 60_000;

export interface ShipAsk {
  orderId: string;
  parcels?: Parcel[];
  courierId?: number;
  actor: StaffActor;
  now?: Date;
}

/** The carrier's refusal or silence as the API's: 422 with its words, or 503 (nothing lost; ship again). */
export function carrierRefusal(error: unknown): Refusal {
  if (error instanceof CarrierError && error.refused) return new Refusal('shipment_carrier_refused', { params: { reason: error.message } });
  return new Refusal('shipment_carrier_unavailable');
}

/** The parcel "Ship" suggests for an order: its lines with their products' parcel figures, and the shop's default. */
export async function suggestedParcelFor(db: Pick<Tx, 'select'>, orderId: string): Promise<Parcel> {
  const lines = await db
    .select({
      quantity: orderLines.quantity,
      weightGrams: products.weightGrams,
      lengthCm: products.lengthCm,
      breadthCm: products.breadthCm,
      heightCm: products.heightCm,
    })
    .from(orderLines)
    .leftJoin(products, eq(products.id, orderLines.productId))
    .where(eq(orderLines.orderId, orderId));
  const [settings] = await db.select({ shipping: siteSettings.shipping }).from(siteSettings).limit(1);
  const parcelLines: ParcelLine[] = lines.map((line) => ({
    quantity: line.quantity,
    product:
      line.weightGrams === null
        ? null
        : { weightGrams: line.weightGrams, lengthCm: line.lengthCm ?? 0, breadthCm: line.breadthCm ?? 0, heightCm: line.heightCm ?? 0 },
  }));
  return suggestParcel(parcelLines, shippingSettingsOf(settings?.shipping));
}

/** The shop's promise for a parcel leaving today to this pincode (the delivery-promise rules), or null if unknown. */
async function promiseFor(tx: Tx, pincode: string, now: Date): Promise<{ earliest: string; latest: string } | null> {
  const [place] = await tx.select().from(pincodes).where(eq(pincodes.pincode, pincode)).limit(1);
  if (!place) return null;
  const settings = await loadDeliverySettings(tx);
  const dates = estimateDelivery(
    now,
    [{ madeToOrderDays: 0, personalisationPending: false }],
    { city: place.district, state: place.state, transitDays: place.transitDays },
    settings,
  );
  return { earliest: dates.earliest, latest: dates.latest };
}

type Claim = { row: ShipmentRow; created: boolean } | { done: true };

/**
 * Step 1, in one transaction under the order's row lock: the live shipment is answered again when it has its AWB;
 * a half-made one (a carrier failure, a crash) is claimed to be finished; otherwise the order must be shippable and a
 * new shipment row is written with its parcels and audit record, claimed by this request. The partial unique index
 * on (order) of live shipments backs the lock: two shipments of one order can never both be live.
 */
async function claimShipment(deps: ShippingDeps, ask: ShipAsk, orderId: string, now: Date): Promise<Claim> {
  return deps.db.transaction(async (tx) => {
    const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
    if (!order) throw new Refusal('admin_order_not_found');
    const [live] = await tx
      .select()
      .from(shipments)
      .where(and(eq(shipments.orderId, orderId), ne(shipments.status, 'cancelled')))
      .for('update');
    if (live && live.status !== 'creating') return { done: true } as const;
    if (live) {
      if (live.claimedUntil && live.claimedUntil.getTime() > now.getTime()) throw new Refusal('shipment_in_progress');
      const [claimed] = await tx
        .update(shipments)
        .set({ claimedUntil: new Date(now.getTime() + CLAIM_MS), ...(ask.courierId ? { courierId: ask.courierId } : {}) })
        .where(eq(shipments.id, live.id))
        .returning();
      return { row: claimed!, created: false };
    }
    if (!SHIPPABLE_ORDER_STATUSES.includes(order.status)) throw new Refusal('shipment_order_not_shippable', { params: { status: order.status } });
    if (awaitsPayment(order.paymentMethod, order.paymentStatus)) throw new Refusal('payment_not_received');
    if (awaitsCodConfirmation(order)) throw new Refusal('cod_not_confirmed');
    const parcels = ask.parcels ?? [await suggestedParcelFor(tx, orderId)];
    const [earlier] = await tx.select({ n: count() }).from(shipments).where(eq(shipments.orderId, orderId));
    // The carrier knows each shipment by our reference: the order number, then -2, -3… after cancellations.
    const reference = (earlier?.n ?? 0) === 0 ? order.number : `${order.number}-${(earlier?.n ?? 0) + 1}`;
    const promise = await promiseFor(tx, order.address.pincode, now);
    let row: ShipmentRow | undefined;
    try {
      [row] = await tx
        .insert(shipments)
        .values({
          orderId,
          provider: deps.carrier.name,
          reference,
          status: 'creating',
          courierId: ask.courierId ?? null,
          claimedUntil: new Date(now.getTime() + CLAIM_MS),
          promiseEarliest: promise?.earliest ?? null,
          promiseLatest: promise?.latest ?? null,
          createdBy: ask.actor.id,
        })
        .returning();
    } catch (error) {
      if (isUniqueViolation(error)) throw new Refusal('shipment_in_progress');
      throw error;
    }
    if (!row) throw new Error('shipment row not written');
    await tx.insert(shipmentParcels).values(parcels.map((parcel, position) => ({ shipmentId: row.id, position, ...parcel })));
    await recordAudit(tx, ask.actor, {
      action: 'shipment.create',
      entityType: 'order',
      entityId: orderId,
      before: { status: order.status },
      after: { shipmentId: row.id, reference, parcels, courierId: ask.courierId ?? null },
    });
    return { row, created: true };
  });
}

/** Step 2, outside any transaction (network calls must not hold locks): the carrier's order, then its AWB. */
async function createWithCarrier(deps: ShippingDeps, row: ShipmentRow, now: Date): Promise<void> {
  const { db, carrier } = deps;
  try {
    let providerShipmentId = row.providerShipmentId;
    if (!providerShipmentId) {
      const [order] = await db
        .select({ order: orders, email: user.email })
        .from(orders)
        .leftJoin(user, eq(user.id, orders.userId))
        .where(eq(orders.id, row.orderId));
      if (!order) throw new Refusal('admin_order_not_found');
      const lines = await db.select().from(orderLines).where(eq(orderLines.orderId, row.orderId)).orderBy(asc(orderLines.position));
      const parcels = await db.select().from(shipmentParcels).where(eq(shipmentParcels.shipmentId, row.id)).orderBy(asc(shipmentParcels.position));
      const [contact] = order.email ? [] : await db.select({ email: siteSettings.contactEmail }).from(siteSettings).limit(1);
      const created = await carrier.createShipment({
        reference: row.reference,
        orderDate: order.order.createdAt,
        address: order.order.address,
        email: order.email ?? contact?.email ?? '',
        lines: lines.map((line) => ({ name: line.name, sku: line.sku ?? line.productId, units: line.quantity, price: line.price })),
        paymentMethod: order.order.paymentMethod,
        total: order.order.grandTotal,
        parcel: consignmentOf(parcels),
        parcels: parcels.length,
      });
      providerShipmentId = created.providerShipmentId;
      await db.update(shipments).set({ providerOrderId: created.providerOrderId, providerShipmentId }).where(eq(shipments.id, row.id));
    }
    const awb = await carrier.assignAwb({ providerShipmentId, ...(row.courierId ? { courierId: row.courierId } : {}) });
    await db.transaction(async (tx) => {
      await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, row.orderId)).for('update');
      await tx
        .update(shipments)
        .set({ status: 'awb_assigned', awb: awb.awb, courierId: awb.courierId, courierName: awb.courierName, lastError: null, claimedUntil: null })
        .where(and(eq(shipments.id, row.id), eq(shipments.status, 'creating')));
      await packOrder(tx, row.orderId, `Shipment ${awb.courierName} ${awb.awb}`, now);
    });
  } catch (error) {
    if (error instanceof Refusal) throw error;
    await db
      .update(shipments)
      .set({ lastError: error instanceof CarrierError ? error.message.slice(0, 300) : 'the carrier call failed', claimedUntil: null })
      .where(eq(shipments.id, row.id));
    throw carrierRefusal(error);
  }
}

/** A confirmed or in-production order whose parcel has its AWB is packed (the shop's ordinary step, in its history). */
async function packOrder(tx: Tx, orderId: string, note: string, at: Date): Promise<void> {
  const moved = await tx
    .update(orders)
    .set({ status: 'packed' })
    .where(and(eq(orders.id, orderId), inArray(orders.status, ['confirmed', 'in_production'])))
    .returning({ id: orders.id });
  if (moved.length > 0) await tx.insert(orderStatusHistory).values({ orderId, status: 'packed', actor: 'shop', actorUserId: null, note, at });
}

/**
 * Ships an order (issue 22): one live shipment per order, made with the carrier and given its AWB. Idempotent: an
 * order that already has its live shipment answers it again (`created: false`), a half-made one is finished, a
 * concurrent "Ship" meets 409 `shipment_in_progress`.
 */
export async function shipOrder(deps: ShippingDeps, ask: ShipAsk): Promise<{ shipment: Shipment; created: boolean }> {
  if (!isOrderId(ask.orderId)) throw new Refusal('admin_order_not_found');
  const orderId = ask.orderId.toLowerCase();
  const now = ask.now ?? new Date();
  const claim = await claimShipment(deps, ask, orderId, now);
  if (!('done' in claim)) await createWithCarrier(deps, claim.row, now);
  const shipment = await findOrderShipment(deps.db, orderId);
  if (!shipment) throw new Error('shipment vanished');
  // 201 when this call finished making the shipment (new, or a half-made one completed); 200 when it was already made.
  return { shipment, created: !('done' in claim) };
}

/** Orders shipped one after another (each its own transaction and carrier calls), one result per order in order. */
export async function bulkShip(
  deps: ShippingDeps,
  orderIds: string[],
  actor: StaffActor,
): Promise<Array<{ orderId: string; ok: true; shipment: Shipment } | { orderId: string; ok: false; code: string; message: string }>> {
  const results = [];
  for (const orderId of [...new Set(orderIds)]) {
    try {
      const { shipment } = await shipOrder(deps, { orderId, actor });
      results.push({ orderId, ok: true as const, shipment });
    } catch (error) {
      if (!(error instanceof Refusal)) throw error;
      results.push({ orderId, ok: false as const, code: error.code, message: error.message });
    }
  }
  return results;
}
