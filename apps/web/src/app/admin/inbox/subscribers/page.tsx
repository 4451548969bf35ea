import type { Metadata } from 'next';
import { subscriberFilters } from '@shop/domain/admin/inbox';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { inboxApi, pageOf, pick } from '@modules/admin/inbox/lib/inbox-api';
import { SubscribersPage } from '@modules/admin/inbox/templates/subscribers-page';

export const metadata: Metadata = { title: 'Newsletter subscribers' };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireStaff('/admin/inbox/subscribers');
  const params = await searchParams;
  const filters = { status: pick(params.status, subscriberFilters, 'all'), page: pageOf(params.page) };
  const [t, list] = await Promise.all([adminTexts('admin-inbox'), inboxApi.subscribers(filters)]);
  return <SubscribersPage list={list} filters={filters} t={t} />;
}
