import type { AdminOrderListQuery, StatusCounts } from '@shop/domain/admin/orders';
import { orderStatuses } from '@shop/domain/order-status';

/** The list's filters as the URL carries them (a GET form's fields), strings only. */
export interface AdminOrderFilterValues {
  q: string;
  status: string;
  from: string;
  to: string;
  payment: string;
  missing: boolean;
  page: number;
}

type SearchParams = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? (value[0] ?? '') : (value ?? ''));

export function filterValues(params: SearchParams): AdminOrderFilterValues {
  const page = Number.parseInt(one(params.page), 10);
  return {
    q: one(params.q),
    status: one(params.status),
    from: one(params.from),
    to: one(params.to),
    payment: one(params.payment),
    missing: one(params.missing) === '1',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The API's query for these values (empty ones left out). */
export function toQuery(values: AdminOrderFilterValues): AdminOrderListQuery {
  return {
    q: values.q || undefined,
    status: values.status || undefined,
    from: values.from || undefined,
    to: values.to || undefined,
    payment: values.payment || undefined,
    missing: values.missing ? '1' : undefined,
    page: values.page > 1 ? String(values.page) : undefined,
  };
}

/** A list URL with these values and some changed (e.g. another status tab, the next page). */
export function listHref(values: AdminOrderFilterValues, change: Partial<AdminOrderFilterValues>): string {
  const next = { ...values, ...change };
  const params = new URLSearchParams();
  for (const key of ['q', 'status', 'from', 'to', 'payment'] as const) if (next[key]) params.set(key, next[key]);
  if (next.missing) params.set('missing', '1');
  if (next.page > 1) params.set('page', String(next.page));
  const query = params.toString();
  return query ? `/admin/orders?${query}` : '/admin/orders';
}

/** Every status with no orders: the tabs of an empty list. */
export function emptyStatusCounts(): StatusCounts {
  return Object.fromEntries(orderStatuses.map((status) => [status, 0])) as StatusCounts;
}
