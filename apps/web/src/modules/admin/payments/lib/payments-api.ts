import 'server-only';
import {
  type AdminPaymentDetail,
  adminPaymentDetailSchema,
  type AdminPaymentList,
  type AdminPaymentListQuery,
  adminPaymentListSchema,
  adminPaymentApiPaths,
} from '@shop/domain/admin/payments';
import { adminApi, ApiError } from '@lib/api/admin-fetch';

/** The back office's reads of payments, through adminApi (the staff member's session; never cached). */

export function getAdminPayments(query: AdminPaymentListQuery): Promise<AdminPaymentList> {
  return adminApi('GET', adminPaymentApiPaths.list, { query: query as Record<string, string | undefined>, schema: adminPaymentListSchema });
}

/** Null for an order that does not exist (the page shows its 404). */
export async function getAdminPayment(orderId: string): Promise<AdminPaymentDetail | null> {
  try {
    return await adminApi('GET', adminPaymentApiPaths.detail(orderId), { schema: adminPaymentDetailSchema });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}
