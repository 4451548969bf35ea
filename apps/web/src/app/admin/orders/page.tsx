import type { Metadata } from 'next';
import { ApiError } from '@lib/api/admin-fetch';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { getAdminOrders } from '@modules/admin/orders/lib/orders-api';
import { filterValues, toQuery } from '@modules/admin/orders/lib/filter-values';
import { OrdersList } from '@modules/admin/orders/templates/orders-list';
import { FormMessage } from '@modules/auth/components/form-controls';

export const metadata: Metadata = { title: 'Orders' };

/** The back office's order list; the filters live in the URL (a GET form). */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireStaff('/admin/orders');
  const [t, params] = await Promise.all([adminTexts('admin-orders'), searchParams]);
  const values = filterValues(params);
  try {
    const list = await getAdminOrders(toQuery(values));
    return <OrdersList list={list} values={values} t={t} />;
  } catch (error) {
    // A hand-edited URL with a bad filter: say which, keep the form to fix it.
    if (!(error instanceof ApiError) || error.status !== 400) throw error;
    const empty = { data: [], total: 0, page: 1, limit: 20, hasMore: false, counts: { placed: 0, confirmed: 0, in_production: 0, packed: 0, shipped: 0, delivered: 0, cancelled: 0, returned: 0, refunded: 0 } };
    return (
      <>
        <FormMessage tone="error">{Object.values(error.errors ?? {})[0] ?? error.message}</FormMessage>
        <OrdersList list={empty} values={values} t={t} />
      </>
    );
  }
}
