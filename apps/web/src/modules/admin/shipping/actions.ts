'use server';

import {
  type BulkShipResponse,
  bulkShipRequestSchema,
  bulkShipResponseSchema,
  pickupRequestSchema,
  rtoResolveRequestSchema,
  type Shipment,
  shipmentSchema,
} from '@shop/domain/shipping/shipment';
import { revalidatePath, revalidateTag } from 'next/cache';
import { z } from 'zod';
import { adminApi } from '@lib/api/admin-fetch';
import { type ActionResult, attempt, localRefusal } from '@modules/admin/lib/result';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { getAdminOrder } from '@modules/admin/orders/lib/orders-api';
import { shipFormSchema } from './lib/ship-form';
import { shippingApiPaths } from './lib/paths';

/**
 * The back office's shipping writes (issue 22): each checks the staff session, checks the request with the domain's
 * schema (the API checks it all again, and decides whether the order may ship), calls the API and re-renders the
 * pages the change shows on. The carrier's answer is the API's business; a refusal comes back as plain data.
 */

function refreshOrder(orderId: string) {
  revalidatePath(`/admin/orders/${orderId}`);
  revalidatePath('/admin/orders');
  revalidatePath('/admin/shipments');
}

const orderPath = (orderId: string) => `/admin/orders/${encodeURIComponent(orderId)}`;

/** Ships the order in the parcels given (one or several boxes under one AWB). */
export async function shipOrder(orderId: string, values: unknown): Promise<ActionResult<Shipment>> {
  await requireStaff(orderPath(orderId));
  const parsed = shipFormSchema.safeParse(values);
  if (!parsed.success) return localRefusal(parsed.error);
  const result = await attempt(() => adminApi('POST', shippingApiPaths.orderShipment(orderId), { body: parsed.data, schema: shipmentSchema }));
  if (result.ok) refreshOrder(orderId);
  return result;
}

/** Asks the courier to come for the parcel (on `date`, or the carrier's next slot). */
export async function requestPickup(orderId: string, values: unknown): Promise<ActionResult<Shipment>> {
  await requireStaff(orderPath(orderId));
  const parsed = pickupRequestSchema.safeParse(values);
  if (!parsed.success) return localRefusal(parsed.error);
  const result = await attempt(() => adminApi('POST', shippingApiPaths.pickup(orderId), { body: parsed.data, schema: shipmentSchema }));
  if (result.ok) refreshOrder(orderId);
  return result;
}

/** The carrier's answer to a catch-up: the shipment as it now stands and how many events were new. */
const trackAnswerSchema = z.object({ shipment: shipmentSchema, outcomes: z.object({ applied: z.number().int() }) });

/** Asks the carrier for the parcel's tracking now (for webhooks that were lost); answers how many events were new. */
export async function refreshTracking(orderId: string): Promise<ActionResult<number>> {
  await requireStaff(orderPath(orderId));
  const result = await attempt(() => adminApi('POST', shippingApiPaths.track(orderId), { schema: trackAnswerSchema }));
  if (!result.ok) return result;
  refreshOrder(orderId);
  return { ok: true, value: result.value.outcomes.applied };
}

/** Cancels the shipment before pickup (the order may then be shipped again). */
export async function cancelShipment(orderId: string): Promise<ActionResult<Shipment>> {
  await requireStaff(orderPath(orderId));
  const result = await attempt(() => adminApi('POST', shippingApiPaths.cancel(orderId), { schema: shipmentSchema }));
  if (result.ok) refreshOrder(orderId);
  return result;
}

/**
 * Records whether a parcel that came back can be sold again. Restocking changes what the shop shows as in stock, so
 * the storefront's product caches of the order's products are marked stale.
 */
export async function resolveRto(orderId: string, values: unknown): Promise<ActionResult<Shipment>> {
  await requireStaff(orderPath(orderId));
  const parsed = rtoResolveRequestSchema.safeParse(values);
  if (!parsed.success) return localRefusal(parsed.error);
  const result = await attempt(() => adminApi('POST', shippingApiPaths.rto(orderId), { body: parsed.data, schema: shipmentSchema }));
  if (!result.ok) return result;
  if (result.value.rto.resolution === 'restocked') {
    revalidateTag('products', 'max');
    const detail = await getAdminOrder(orderId);
    for (const line of detail?.order.items ?? []) revalidateTag(`product:${line.slug}`, 'max');
  }
  refreshOrder(orderId);
  return result;
}

/** Ships many orders with their suggested parcels: one result per order, in the order given. */
export async function bulkShip(values: unknown): Promise<ActionResult<BulkShipResponse>> {
  await requireStaff('/admin/orders');
  const parsed = bulkShipRequestSchema.safeParse(values);
  if (!parsed.success) return localRefusal(parsed.error);
  const result = await attempt(() => adminApi('POST', shippingApiPaths.bulk, { body: parsed.data, schema: bulkShipResponseSchema }));
  if (!result.ok) return result;
  for (const entry of result.value.results) if (entry.ok) revalidatePath(`/admin/orders/${entry.orderId}`);
  revalidatePath('/admin/orders');
  revalidatePath('/admin/shipments');
  return result;
}
