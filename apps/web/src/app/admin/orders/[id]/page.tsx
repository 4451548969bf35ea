import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { requireStaff } from '@modules/admin/lib/require-staff';
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
import { adminMessages, adminTexts } from '@modules/admin/lib/texts';
import { getOrderShipment } from '@modules/admin/shipping/lib/shipping-api';
import { ShipmentPanel } from '@modules/admin/shipping/templates/shipment-panel';

export const metadata: Metadata = { title: 'Order' };

/** One order in the back office; an unknown id is the 404 page. */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireStaff(`/admin/orders/${encodeURIComponent(id)}`);
  // Issue 22: the order's shipment (and the parcel "Ship" suggests) is read beside the order.
  const [t, detail, payment, paymentT, messageTexts, shipment] = await Promise.all([
    adminTexts('admin-orders'),
    getAdminOrder(id),
    getAdminPayment(id),
    adminTexts('admin-payments'),
    adminTexts('admin-messages'),
    getOrderShipment(id),
  ]);
  if (!detail) notFound();
  const paymentPanel = payment ? <OrderPaymentPanel detail={payment} t={paymentT} /> : null;
  // Issue 21: the order's messages and their delivery status, and its GST invoice and credit notes below the order.
  const [orderMessages, invoiceTexts, documents, shippingT, shippingMessages] = await Promise.all([
    getOrderMessages(detail.order._id),
    invoiceAdminTexts(),
    adminOrderInvoices(id),
    adminTexts('admin-shipping'),
    adminMessages('admin-shipping'),
  ]);
  const messages = <OrderMessagesSection messages={orderMessages} t={messageTexts} />;
  const shipping = shipment ? <ShipmentPanel orderId={detail.order._id} data={shipment} t={shippingT} messages={shippingMessages} /> : null;
  return (
    <>
      <AdminOrderDetailView detail={detail} t={t} moveTexts={statusMoveTexts(t)} paymentPanel={paymentPanel} messages={messages} shipping={shipping} />
      <AdminOrderDocuments documents={documents} t={invoiceTexts.t} />
    </>
  );
}
