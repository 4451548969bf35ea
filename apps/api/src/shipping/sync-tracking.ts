import { shipments } from '@shop/db';
import { and, eq, ne } from 'drizzle-orm';
import { Refusal } from '../lib/refusal.ts';
import { isOrderId } from '../orders/order-view.ts';
import { applyCarrierEvent, type EventResult } from './apply-event.ts';
import type { ShippingDeps } from './deps.ts';
import { carrierRefusal } from './ship-order.ts';
import { findOrderShipment } from './shipment-view.ts';
import type { Shipment } from '@shop/domain/shipping/shipment';

/**
 * Asks the carrier for every tracking event of the order's shipment and applies each as if its webhook had come
 * (decision 085): the same keys, so events already received are duplicates and change nothing, and lost ones catch
 * the order up. Staff use it when a parcel's page looks stuck; it is the step a scheduled reconciliation would take.
 */
export async function syncTracking(deps: ShippingDeps, orderId: string): Promise<{ shipment: Shipment; outcomes: Record<EventResult, number> }> {
  if (!isOrderId(orderId)) throw new Refusal('admin_order_not_found');
  const id = orderId.toLowerCase();
  const [row] = await deps.db
    .select()
    .from(shipments)
    .where(and(eq(shipments.orderId, id), ne(shipments.status, 'cancelled')))
    .limit(1);
  if (!row) throw new Refusal('shipment_not_found');
  if (!row.awb) throw new Refusal('shipment_no_awb');
  let events;
  try {
    events = await deps.carrier.track(row.awb);
  } catch (error) {
    throw carrierRefusal(error);
  }
  const outcomes: Record<EventResult, number> = { applied: 0, stale: 0, ignored: 0, duplicate: 0, unknown_awb: 0 };
  for (const event of events) {
    const { outcome } = await applyCarrierEvent(deps, event, {
      source: 'track',
      awb: event.awb,
      status: event.carrierStatus,
      statusId: event.carrierStatusId,
      at: event.at.toISOString(),
    });
    outcomes[outcome]++;
  }
  return { shipment: (await findOrderShipment(deps.db, id))!, outcomes };
}
