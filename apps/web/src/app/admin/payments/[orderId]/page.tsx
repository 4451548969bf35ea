import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { getAdminPayment } from '@modules/admin/payments/lib/payments-api';
import { PaymentDetailView } from '@modules/admin/payments/templates/payment-detail';

export const metadata: Metadata = { title: 'Payment' };

/** One order's payment in the back office; an unknown id is the 404 page. */
export default async function Page({ params }: { params: Promise<{ orderId: string }> }) {
  const { orderId } = await params;
  await requireStaff(`/admin/payments/${encodeURIComponent(orderId)}`);
  const [t, detail] = await Promise.all([adminTexts('admin-payments'), getAdminPayment(orderId)]);
  if (!detail) notFound();
  return <PaymentDetailView detail={detail} t={t} />;
}
