'use server';

import { adminOrderApiPaths, adminStatusMoveSchema, toStatusChangeRequest } from '@shop/domain/admin/orders';
import { type Order, orderSchema } from '@shop/domain/order';
import { orderProofsSchema } from '@shop/domain/gift/proofs';
import { revalidatePath, revalidateTag } from 'next/cache';
import { adminApi } from '@lib/api/admin-fetch';
import type { CodedText } from '@lib/api/refusal';
import { type ActionResult, attempt, localRefusal } from '@modules/admin/lib/result';
import { requireStaff } from '@modules/admin/lib/require-staff';

/** The API names the request's fields (note, tracking, status); the form's are note, carrier, number, link, status. */
const formField: Record<string, string> = { tracking: 'carrier', 'tracking.carrier': 'carrier', 'tracking.number': 'number', 'tracking.link': 'link' };

function onFormFields(errors: Record<string, CodedText> | undefined): Record<string, CodedText> | undefined {
  if (!errors) return undefined;
  return Object.fromEntries(Object.entries(errors).map(([field, error]) => [formField[field] ?? field, error]));
}

/**
 * Moves an order to a new status (the API decides whether the move is allowed, and checks the role again). A
 * cancellation puts stock back, so the storefront's product caches are marked stale; the order's own back-office
 * pages are re-rendered.
 */
export async function moveOrderStatus(orderId: string, values: unknown): Promise<ActionResult<Order['status']>> {
  await requireStaff(`/admin/orders/${encodeURIComponent(orderId)}`);
  const parsed = adminStatusMoveSchema.safeParse(values);
  if (!parsed.success) return localRefusal(parsed.error);
  const result = await attempt(() => adminApi('POST', adminOrderApiPaths.status(orderId), { body: toStatusChangeRequest(parsed.data), schema: orderSchema }));
  if (!result.ok) return { ...result, errors: onFormFields(result.errors) };
  const order = result.value;
  if (order.status === 'cancelled') {
    revalidateTag('products', 'max');
    for (const line of order.items) revalidateTag(`product:${line.slug}`, 'max');
  }
  revalidatePath(`/admin/orders/${orderId}`);
  revalidatePath('/admin/orders');
  return { ok: true, value: order.status };
}

/**
 * Issue 24: uploads a proof of an order (multipart `file`, optional `note`); the API asks the customer to answer it.
 * The order page is rendered again with the new version.
 */
export async function uploadOrderProof(orderId: string, form: FormData): Promise<ActionResult<number>> {
  await requireStaff(`/admin/orders/${encodeURIComponent(orderId)}`);
  const body = new FormData();
  const file = form.get('file');
  if (file instanceof Blob) body.set('file', file);
  const note = form.get('note');
  if (typeof note === 'string' && note.trim()) body.set('note', note.trim().slice(0, 500));
  const result = await attempt(() => adminApi('POST', `/api/admin/orders/${encodeURIComponent(orderId)}/proofs`, { body, schema: orderProofsSchema }));
  if (!result.ok) return result;
  revalidatePath(`/admin/orders/${orderId}`);
  return { ok: true, value: result.value.list.length };
}
