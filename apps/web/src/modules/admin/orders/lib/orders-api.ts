import 'server-only';
import {
  type AdminOrderDetail,
  adminOrderDetailSchema,
  type AdminOrderList,
  type AdminOrderListQuery,
  adminOrderListSchema,
  adminOrderApiPaths,
  type Dashboard,
  dashboardSchema,
} from '@shop/domain/admin/orders';
import { adminApi, ApiError } from '@lib/api/admin-fetch';

/** The back office's reads of orders, through adminApi (the staff member's session; never cached). */

export function getAdminOrders(query: AdminOrderListQuery): Promise<AdminOrderList> {
  return adminApi('GET', adminOrderApiPaths.list, { query: query as Record<string, string | undefined>, schema: adminOrderListSchema });
}

/** Null for an order that does not exist (the page shows its 404). */
export async function getAdminOrder(id: string): Promise<AdminOrderDetail | null> {
  try {
    return await adminApi('GET', adminOrderApiPaths.detail(id), { schema: adminOrderDetailSchema });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

export function getDashboard(): Promise<Dashboard> {
  return adminApi('GET', adminOrderApiPaths.dashboard, { schema: dashboardSchema });
}
