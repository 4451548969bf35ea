import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { getAdminOrder } from '@modules/admin/orders/lib/orders-api';
import { statusMoveTexts } from '@modules/admin/orders/lib/move-texts';
import { AdminOrderDetailView } from '@modules/admin/orders/templates/order-detail';
import { getAdminPayment } from '@modules/admin/payments/lib/payments-api';
import { OrderPaymentPanel } from '@modules/admin/payments/templates/order-payment-panel';
import { OrderMessagesSection } from '@modules/admin/messages/components/order-messages';
import { getOrderMessages } from '@modules/admin/messages/lib/messages-api';
import { AdminOrderDocuments } from '@modules/admin/invoices/components/order-documents';
import { adminOrderInvoices } from '@modules/admin/invoices/lib/invoices-api';
import { invoiceAdminTexts } from '@modules/admin/invoices/lib/texts';

export const metadata: Metadata = { title: 'Order' };

/** One order in the back office; an unknown id is the 404 page. */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireStaff(`/admin/orders/${encodeURIComponent(id)}`);
  const [t, detail, payment, paymentT, messageTexts] = await Promise.all([
    adminTexts('admin-orders'),
    getAdminOrder(id),
    getAdminPayment(id),
    adminTexts('admin-payments'),
    adminTexts('admin-messages'),
  ]);
  if (!detail) notFound();
  const paymentPanel = payment ? <OrderPaymentPanel detail={payment} t={paymentT} /> : null;
  // Issue 21: the order's messages and their delivery status, and its GST invoice and credit notes below the order.
  const [orderMessages, invoiceTexts, documents] = await Promise.all([getOrderMessages(detail.order._id), invoiceAdminTexts(), adminOrderInvoices(id)]);
  const messages = <OrderMessagesSection messages={orderMessages} t={messageTexts} />;
  return (
    <>
      <AdminOrderDetailView detail={detail} t={t} moveTexts={statusMoveTexts(t)} paymentPanel={paymentPanel} messages={messages} />
      <AdminOrderDocuments documents={documents} t={invoiceTexts.t} />
    </>
  );
}
