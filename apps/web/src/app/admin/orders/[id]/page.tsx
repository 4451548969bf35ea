import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { getAdminOrder } from '@modules/admin/orders/lib/orders-api';
import { statusMoveTexts } from '@modules/admin/orders/lib/move-texts';
import { AdminOrderDetailView } from '@modules/admin/orders/templates/order-detail';
import { getAdminPayment } from '@modules/admin/payments/lib/payments-api';
import { OrderPaymentPanel } from '@modules/admin/payments/templates/order-payment-panel';

export const metadata: Metadata = { title: 'Order' };

/** One order in the back office; an unknown id is the 404 page. */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireStaff(`/admin/orders/${encodeURIComponent(id)}`);
  const [t, detail, payment, paymentT] = await Promise.all([adminTexts('admin-orders'), getAdminOrder(id), getAdminPayment(id), adminTexts('admin-payments')]);
  if (!detail) notFound();
  const paymentPanel = payment ? <OrderPaymentPanel detail={payment} t={paymentT} /> : null;
  return <AdminOrderDetailView detail={detail} t={t} moveTexts={statusMoveTexts(t)} paymentPanel={paymentPanel} />;
}
