import type { Metadata } from 'next';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { getDashboard } from '@modules/admin/orders/lib/orders-api';
import { DashboardView } from '@modules/admin/orders/templates/dashboard';
import { RevenueByMethodCard } from '@modules/admin/payments/components/revenue-by-method';

export const metadata: Metadata = { title: 'Back office' };

/** The back office's first page: the day's orders and what needs attention. */
export default async function Page() {
  await requireStaff('/admin');
  const [t, data, paymentT] = await Promise.all([adminTexts('admin-orders'), getDashboard(), adminTexts('admin-payments')]);
  return <DashboardView data={data} t={t} revenueByMethod={<RevenueByMethodCard revenue={data.revenueByMethod} t={paymentT} />} />;
}
