'use server';

import { adminPaymentApiPaths, adminRefundSchema, type AdminRefund, flagResolveRequestSchema, refundRequestSchema } from '@shop/domain/admin/payments';
import { revalidatePath } from 'next/cache';
import { adminApi } from '@lib/api/admin-fetch';
import { type ActionResult, attempt, localRefusal } from '@modules/admin/lib/result';
import { requireStaff } from '@modules/admin/lib/require-staff';

/**
 * Asks for a refund of a paid order (the API checks the role, the amounts left and the reason again, and calls the
 * payment provider). The refund settles later by webhook; the order's and the payment's pages are re-rendered.
 */
export async function refundOrder(orderId: string, values: unknown): Promise<ActionResult<AdminRefund>> {
  await requireStaff(`/admin/payments/${encodeURIComponent(orderId)}`);
  const parsed = refundRequestSchema.safeParse(values);
  if (!parsed.success) return localRefusal(parsed.error);
  const result = await attempt(() => adminApi('POST', adminPaymentApiPaths.refunds(orderId), { body: parsed.data, schema: adminRefundSchema }));
  if (result.ok) {
    revalidatePath(`/admin/payments/${orderId}`);
    revalidatePath(`/admin/orders/${orderId}`);
    revalidatePath('/admin/payments');
  }
  return result;
}

/** Marks an order's payment flag resolved with a note (audit-logged by the API). */
export async function resolvePaymentFlag(orderId: string, values: unknown): Promise<ActionResult<true>> {
  await requireStaff(`/admin/payments/${encodeURIComponent(orderId)}`);
  const parsed = flagResolveRequestSchema.safeParse(values);
  if (!parsed.success) return localRefusal(parsed.error);
  const result = await attempt(() => adminApi('POST', adminPaymentApiPaths.resolveFlag(orderId), { body: parsed.data }));
  if (!result.ok) return result;
  revalidatePath(`/admin/payments/${orderId}`);
  revalidatePath('/admin/payments');
  return { ok: true, value: true };
}
