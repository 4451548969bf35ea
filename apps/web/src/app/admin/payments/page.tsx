import type { Metadata } from 'next';
import { readList } from '@modules/admin/lib/list-read';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { paymentFilterValues, toPaymentQuery } from '@modules/admin/payments/lib/filter-values';
import { getAdminPayments } from '@modules/admin/payments/lib/payments-api';
import { PaymentsList } from '@modules/admin/payments/templates/payments-list';
import { FormMessage } from '@modules/auth/components/form-controls';

export const metadata: Metadata = { title: 'Payments' };

/** The back office's payments list; the filters live in the URL (a GET form). */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireStaff('/admin/payments');
  const [t, params] = await Promise.all([adminTexts('admin-payments'), searchParams]);
  const values = paymentFilterValues(params);
  const empty = { data: [], total: 0, page: 1, limit: 20, hasMore: false };
  const { list, refusal } = await readList(() => getAdminPayments(toPaymentQuery(values)), empty);
  return (
    <>
      {refusal ? <FormMessage tone="error">{refusal}</FormMessage> : null}
      <PaymentsList list={list} values={values} t={t} />
    </>
  );
}
