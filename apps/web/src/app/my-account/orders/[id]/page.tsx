import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { getMyOrderInvoices } from '@lib/api/invoices';
import { getMyOrder } from '@lib/api/orders';
import { requireViewer } from '@modules/account/lib/require-viewer';
import { OrderInvoices } from '@modules/orders/components/order-invoices';
import { OpenCustomisation } from '@modules/orders/components/open-customisation';
import { OrderDetail } from '@modules/orders/templates/order-detail';

export async function generateMetadata() {
  const t = await getTranslations('account.nav');
  return { title: t('orders'), robots: { index: false } };
}

/** One of the visitor's orders; another user's id (or none such) is the 404 page. */
export default async function Page({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: Promise<{ customise?: string | string[] }> }) {
  const { id } = await params;
  await requireViewer(`/my-account/orders/${encodeURIComponent(id)}`);
  const [order, documents] = await Promise.all([getMyOrder(id), getMyOrderInvoices(id)]);
  if (!order) notFound();
  // Issue 21: a message's personalisation link names the line whose dialog opens.
  const { customise } = await searchParams;
  const line = typeof customise === 'string' ? order.items.find((item) => item.id === customise && item.product_customization) : undefined;
  return (
    <>
      <OrderDetail order={order} invoices={<OrderInvoices documents={documents} paymentMethod={order.paymentMethod} />} />
      {line ? <OpenCustomisation orderId={order._id} productId={line.productId} lineId={line.id} /> : null}
    </>
  );
}
