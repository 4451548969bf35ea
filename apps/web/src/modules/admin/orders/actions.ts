'use server';

import { adminOrderApiPaths, adminStatusMoveSchema, toStatusChangeRequest } from '@shop/domain/admin/orders';
import type { Order } from '@shop/domain/order';
import { revalidatePath, revalidateTag } from 'next/cache';
import { adminApi, ApiError } from '@lib/api/admin-fetch';
import { requireStaff } from '@modules/admin/lib/require-staff';

export type MoveResult = { ok: true; status: Order['status'] } | { ok: false; message: string; errors: Record<string, string> };

/**
 * Moves an order to a new status (the API decides whether the move is allowed, and checks the role again). A
 * cancellation puts stock back, so the storefront's product caches are marked stale; the order's own back-office
 * pages are re-rendered.
 */
export async function moveOrderStatus(orderId: string, values: unknown): Promise<MoveResult> {
  await requireStaff(`/admin/orders/${encodeURIComponent(orderId)}`);
  const parsed = adminStatusMoveSchema.safeParse(values);
  if (!parsed.success) {
    const errors = Object.fromEntries(parsed.error.issues.map((issue) => [issue.path.join('.'), issue.message]));
    return { ok: false, message: parsed.error.issues[0]?.message ?? 'Check the form', errors };
  }
  try {
    const order = await adminApi<Order>('POST', adminOrderApiPaths.status(orderId), { body: toStatusChangeRequest(parsed.data) });
    if (order.status === 'cancelled') {
      revalidateTag('products', 'max');
      for (const line of order.items) revalidateTag(`product:${line.slug}`, 'max');
    }
    revalidatePath(`/admin/orders/${orderId}`);
    revalidatePath('/admin/orders');
    return { ok: true, status: order.status };
  } catch (error) {
    if (error instanceof ApiError && error.status < 500) {
      // The API names the request's fields (note, tracking, status); the form's are note, carrier, number, status.
      const errors: Record<string, string> = {};
      for (const [field, message] of Object.entries(error.errors ?? {})) {
        if (field === 'tracking' || field === 'tracking.carrier') errors.carrier = message;
        else if (field === 'tracking.number') errors.number = message;
        else if (field === 'tracking.link') errors.link = message;
        else errors[field] = message;
      }
      return { ok: false, message: error.message, errors };
    }
    throw error;
  }
}
