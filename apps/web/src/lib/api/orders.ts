import 'server-only';
import { orderApiPaths, orderCountSchema, orderListSchema, orderSchema, type Order } from '@shop/domain/order';
import type { Paginated } from '@shop/domain/catalogue';
import { ApiError, serverApi } from './client';

/** Orders per page of /my-account/orders. */
export const ORDERS_PER_PAGE = 10;

/**
 * One of the signed-in visitor's orders, or null when there is none with this id for them: the API answers 404 for
 * another user's order exactly as for a missing one, and the page shows the 404 page for both.
 */
export async function getMyOrder(id: string): Promise<Order | null> {
  try {
    return await serverApi('GET', orderApiPaths.detail(id), { session: 'visitor', schema: orderSchema });
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** A page of the visitor's orders, newest first. */
export function listMyOrders(page: number, limit = ORDERS_PER_PAGE): Promise<Paginated<Order>> {
  return serverApi('GET', orderApiPaths.list, { session: 'visitor', query: { page, limit }, schema: orderListSchema });
}

/** How many orders the visitor has (GET /api/orders-count). */
export async function countMyOrders(): Promise<number> {
  return (await serverApi('GET', orderApiPaths.count, { session: 'visitor', schema: orderCountSchema })).total;
}
