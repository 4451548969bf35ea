import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { getAdminOrder } from '@modules/admin/orders/lib/orders-api';
import { statusMoveTexts } from '@modules/admin/orders/lib/move-texts';
import { AdminOrderDetailView } from '@modules/admin/orders/templates/order-detail';
import { AdminOrderDocuments } from '@modules/admin/invoices/components/order-documents';
import { adminOrderInvoices } from '@modules/admin/invoices/lib/invoices-api';
import { invoiceAdminTexts } from '@modules/admin/invoices/lib/texts';

export const metadata: Metadata = { title: 'Order' };

/** One order in the back office; an unknown id is the 404 page. */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireStaff(`/admin/orders/${encodeURIComponent(id)}`);
  const [t, detail] = await Promise.all([adminTexts('admin-orders'), getAdminOrder(id)]);
  if (!detail) notFound();
  // Issue 21: the order's GST invoice and credit notes, below the order.
  const [invoiceTexts, documents] = await Promise.all([invoiceAdminTexts(), adminOrderInvoices(id)]);
  return (
    <>
      <AdminOrderDetailView detail={detail} t={t} moveTexts={statusMoveTexts(t)} />
      <AdminOrderDocuments documents={documents} t={invoiceTexts.t} />
    </>
  );
}
