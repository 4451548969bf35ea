import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { getMyOrderInvoices } from '@lib/api/invoices';
import { getMyOrder } from '@lib/api/orders';
import { requireViewer } from '@modules/account/lib/require-viewer';
import { OrderInvoices } from '@modules/orders/components/order-invoices';
import { OrderDetail } from '@modules/orders/templates/order-detail';

export async function generateMetadata() {
  const t = await getTranslations('account.nav');
  return { title: t('orders'), robots: { index: false } };
}

/** One of the visitor's orders; another user's id (or none such) is the 404 page. */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireViewer(`/my-account/orders/${encodeURIComponent(id)}`);
  const [order, documents] = await Promise.all([getMyOrder(id), getMyOrderInvoices(id)]);
  if (!order) notFound();
  return <OrderDetail order={order} invoices={<OrderInvoices documents={documents} paymentMethod={order.paymentMethod} />} />;
}
