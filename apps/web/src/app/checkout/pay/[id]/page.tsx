import { notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { getMyOrder } from '@lib/api/orders';
import { getHeadersSafe } from '@lib/api/shell';
import { requireViewer } from '@modules/account/lib/require-viewer';
import { DEFAULT_SHOP_NAME } from '@modules/payments/lib/shop-name';
import { PayOrderPage } from '@modules/payments/templates/pay-order-page';

export async function generateMetadata() {
  const t = await getTranslations('checkout.pay');
  return { title: t('pageTitle'), robots: { index: false } };
}

/**
 * /checkout/pay/{id}: pay one of the visitor's prepaid orders that still waits for its payment ("Pay now" on the
 * order pages, a retry after closing the payment window). Under /checkout, so its CSP allows the payment provider
 * (decision 062). An order with nothing to pay goes to its page; another user's id is the 404 page.
 */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireViewer(`/checkout/pay/${encodeURIComponent(id)}`);
  const [order, headers] = await Promise.all([getMyOrder(id), getHeadersSafe()]);
  if (!order) notFound();
  if (!order.payment) redirect(`/my-account/orders/${encodeURIComponent(order._id)}`);
  return <PayOrderPage order={order} payment={order.payment} shopName={headers?.site.name ?? DEFAULT_SHOP_NAME} />;
}
