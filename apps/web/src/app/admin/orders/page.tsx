import type { Metadata } from 'next';
import { readList } from '@modules/admin/lib/list-read';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminMessages, adminTexts } from '@modules/admin/lib/texts';
import { getAdminOrders } from '@modules/admin/orders/lib/orders-api';
import { emptyStatusCounts, filterValues, toQuery } from '@modules/admin/orders/lib/filter-values';
import { OrdersList } from '@modules/admin/orders/templates/orders-list';
import { FormMessage } from '@modules/auth/components/form-controls';

export const metadata: Metadata = { title: 'Orders' };

/** The back office's order list; the filters live in the URL (a GET form). */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireStaff('/admin/orders');
  const [t, params, shippingT, shippingMessages] = await Promise.all([
    adminTexts('admin-orders'),
    searchParams,
    adminTexts('admin-shipping'),
    adminMessages('admin-shipping'),
  ]);
  const values = filterValues(params);
  const empty = { data: [], total: 0, page: 1, limit: 20, hasMore: false, counts: emptyStatusCounts() };
  const { list, refusal } = await readList(() => getAdminOrders(toQuery(values)), empty);
  return (
    <>
      {refusal ? <FormMessage tone="error">{refusal}</FormMessage> : null}
      <OrdersList list={list} values={values} t={t} shipping={{ t: shippingT, messages: shippingMessages }} />
    </>
  );
}
