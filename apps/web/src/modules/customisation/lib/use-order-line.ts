'use client';

import { useQuery } from '@tanstack/react-query';
import { useParams, useSearchParams } from 'next/navigation';
import type { Order } from '@shop/domain/order';
import { getMyOrderInBrowser } from '@lib/api/customisation-browser';
import { useUI } from '@modules/common/ui-store';

/** Every order query starts with this; a sent personalisation invalidates them all. */
export const ordersQueryKey = ['orders'] as const;
const orderQueryKey = (id: string) => [...ordersQueryKey, id] as const;

const text = (value: unknown) => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The order line the dialog is for: the modal data `{ orderId, productId, lineId? }`; the order id may also come from
 * the route (`/order?id=…`, spec §2, or `/my-account/orders/{id}`). The order is read fresh from the API, so the
 * dialog starts from what was last sent, whatever the page showed.
 */
export function useOrderLine() {
  const data = useUI((s) => s.modalData);
  const params = useParams<{ id?: string }>();
  const search = useSearchParams();
  const orderId = text(data?.orderId) ?? text(search?.get('id')) ?? text(params?.id) ?? '';
  const productId = text(data?.productId) ?? '';
  const lineId = text(data?.lineId);
  const query = useQuery<Order>({ queryKey: orderQueryKey(orderId), queryFn: () => getMyOrderInBrowser(orderId), enabled: orderId !== '' });
  const line = query.data?.items.find((item) => (lineId ? item.id === lineId : item.productId === productId) && item.product_customization) ?? null;
  return { orderId, productId, query, line };
}
