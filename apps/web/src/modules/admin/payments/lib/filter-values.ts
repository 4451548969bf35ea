import { adminPaymentApiPaths, type AdminPaymentListQuery } from '@shop/domain/admin/payments';

/** The payments list's filters as the URL carries them (a GET form's fields), strings only. */
export interface PaymentFilterValues {
  q: string;
  status: string;
  method: string;
  from: string;
  to: string;
  flagged: boolean;
  page: number;
}

type SearchParams = Record<string, string | string[] | undefined>;
const one = (value: string | string[] | undefined) => (Array.isArray(value) ? (value[0] ?? '') : (value ?? ''));

export function paymentFilterValues(params: SearchParams): PaymentFilterValues {
  const page = Number.parseInt(one(params.page), 10);
  return {
    q: one(params.q),
    status: one(params.status),
    method: one(params.method),
    from: one(params.from),
    to: one(params.to),
    flagged: one(params.flagged) === '1',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

/** The API's query for these values (empty ones left out). */
export function toPaymentQuery(values: PaymentFilterValues): AdminPaymentListQuery {
  return {
    q: values.q || undefined,
    status: values.status || undefined,
    method: values.method || undefined,
    from: values.from || undefined,
    to: values.to || undefined,
    flagged: values.flagged ? '1' : undefined,
    page: values.page > 1 ? String(values.page) : undefined,
  };
}

function search(values: PaymentFilterValues, withPage: boolean): string {
  const params = new URLSearchParams();
  for (const key of ['q', 'status', 'method', 'from', 'to'] as const) if (values[key]) params.set(key, values[key]);
  if (values.flagged) params.set('flagged', '1');
  if (withPage && values.page > 1) params.set('page', String(values.page));
  return params.toString();
}

/** A list URL with these values and some changed (e.g. the next page). */
export function paymentsHref(values: PaymentFilterValues, change: Partial<PaymentFilterValues>): string {
  const query = search({ ...values, ...change }, true);
  return query ? `/admin/payments?${query}` : '/admin/payments';
}

/** The CSV of the same filters: the API's own route through the storefront's /api forwarding (the staff cookie goes with it). */
export function paymentsCsvHref(values: PaymentFilterValues): string {
  const query = search(values, false);
  return query ? `${adminPaymentApiPaths.csv}?${query}` : adminPaymentApiPaths.csv;
}
