import type { Metadata } from 'next';
import { reportKinds, reportStatuses } from '@shop/domain/admin/inbox';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { inboxApi, pageOf, pick } from '@modules/admin/inbox/lib/inbox-api';
import { ReportsPage } from '@modules/admin/inbox/templates/reports-page';

export const metadata: Metadata = { title: 'Inbox' };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireStaff('/admin/inbox');
  const params = await searchParams;
  const filters = { status: pick(params.status, reportStatuses, 'open'), kind: pick(params.kind, reportKinds, 'all'), page: pageOf(params.page) };
  const [t, list] = await Promise.all([adminTexts('admin-inbox'), inboxApi.reports(filters)]);
  return <ReportsPage list={list} filters={filters} t={t} />;
}
