import 'server-only';
import { type ManifestRow, type OrderShipment, orderShipmentSchema, shipmentListSchema, type ShipmentStatus } from '@shop/domain/shipping/shipment';
import { adminApi, ApiError } from '@lib/api/admin-fetch';
import { manifestCsvSchema } from './manifest-csv';
import { shippingApiPaths } from './paths';

/** The back office's reads of shipments, through adminApi (the staff member's session; never cached). */

/** The order's live (or last) shipment and the parcel "Ship" suggests; null for an order that does not exist. */
export async function getOrderShipment(orderId: string): Promise<OrderShipment | null> {
  try {
    return await adminApi('GET', shippingApiPaths.orderShipment(orderId), { schema: orderShipmentSchema });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function getShipments(query: { status?: ShipmentStatus; page: number; limit?: number }) {
  return adminApi('GET', shippingApiPaths.list, {
    query: { status: query.status, page: String(query.page), limit: String(query.limit ?? 20) },
    schema: shipmentListSchema,
  });
}

/** The day's manifest rows (YYYY-MM-DD, India): the CSV staff download, read back for the page. */
export function getManifest(date: string): Promise<ManifestRow[]> {
  return adminApi('GET', shippingApiPaths.manifest(date, 'csv'), { schema: manifestCsvSchema });
}

/** Today in India as YYYY-MM-DD (the manifest's default day). */
export function indiaToday(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Kolkata', year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}
