import 'server-only';
import { type AdminOrderDetail, type AdminOrderList, type AdminOrderListQuery, adminOrderApiPaths, type Dashboard } from '@shop/domain/admin/orders';
import { adminApi, ApiError } from '@lib/api/admin-fetch';

/** The back office's reads of orders, through adminApi (the staff member's session; never cached). */

export function getAdminOrders(query: AdminOrderListQuery): Promise<AdminOrderList> {
  return adminApi<AdminOrderList>('GET', adminOrderApiPaths.list, { query: query as Record<string, string | undefined> });
}

/** Null for an order that does not exist (the page shows its 404). */
export async function getAdminOrder(id: string): Promise<AdminOrderDetail | null> {
  try {
    return await adminApi<AdminOrderDetail>('GET', adminOrderApiPaths.detail(id));
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function getDashboard(): Promise<Dashboard> {
  return adminApi<Dashboard>('GET', adminOrderApiPaths.dashboard);
}
