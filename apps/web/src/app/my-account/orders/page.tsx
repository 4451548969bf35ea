import { getTranslations } from 'next-intl/server';
import { countMyOrders, listMyOrders, ORDERS_PER_PAGE } from '@lib/api/orders';
import { requireViewer } from '@modules/account/lib/require-viewer';
import { OrdersList } from '@modules/orders/templates/orders-list';

export async function generateMetadata() {
  const t = await getTranslations('account.nav');
  return { title: t('orders'), robots: { index: false } };
}

function pageOf(value: string | string[] | undefined): number {
  const page = Number(typeof value === 'string' ? value : 1);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

export default async function Page({ searchParams }: { searchParams: Promise<{ page?: string | string[] }> }) {
  await requireViewer('/my-account/orders');
  const page = pageOf((await searchParams).page);
  const [list, count] = await Promise.all([listMyOrders(page), countMyOrders()]);
  return <OrdersList orders={list.data} count={count} page={page} totalPages={Math.max(1, Math.ceil(count / ORDERS_PER_PAGE))} />;
}
