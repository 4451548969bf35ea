import type { Metadata } from 'next';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { inboxApi, pageOf } from '@modules/admin/inbox/lib/inbox-api';
import { ErrorLogsPage } from '@modules/admin/inbox/templates/error-logs-page';

export const metadata: Metadata = { title: 'Error logs' };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireStaff('/admin/inbox/errors');
  const page = pageOf((await searchParams).page);
  const [t, list] = await Promise.all([adminTexts('admin-inbox'), inboxApi.errorLogs({ page })]);
  return <ErrorLogsPage list={list} page={page} t={t} />;
}
