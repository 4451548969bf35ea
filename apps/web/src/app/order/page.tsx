import { notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { getMyOrder } from '@lib/api/orders';
import { getViewer } from '@lib/api/user';
import { signInPathFor } from '@modules/auth/lib/safe-next';
import { OrderConfirmation } from '@modules/orders/templates/order-confirmation';
import { TrackOrderPage } from '@modules/orders/templates/track-order-page';

export async function generateMetadata() {
  const t = await getTranslations('orders');
  return { title: t('confirmation.metaTitle'), robots: { index: false } };
}

/**
 * /order?id=…: the confirmation of a placed order, for its owner only (another user's id is the 404 page); without
 * an id, the public "track an order" form.
 */
export default async function Page({ searchParams }: { searchParams: Promise<{ id?: string | string[] }> }) {
  const { id } = await searchParams;
  if (typeof id !== 'string' || id === '') return <TrackOrderPage />;
  const viewer = await getViewer();
  if (!viewer) redirect(signInPathFor(`/order?id=${encodeURIComponent(id)}`));
  const order = await getMyOrder(id);
  if (!order) notFound();
  return <OrderConfirmation order={order} />;
}
