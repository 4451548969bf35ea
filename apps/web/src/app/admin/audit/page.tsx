import { auditEntrySchema, type AuditEntryView } from '@shop/domain/admin/staff';
import { paginatedSchema } from '@shop/domain/catalogue';
import type { Metadata } from 'next';
import { adminApi } from '@lib/api/admin-fetch';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import type { Page as ListPage } from '@modules/admin/inbox/lib/inbox-api';
import { auditFilterValues } from '@modules/admin/audit/lib/audit-filters';
import { AuditPage } from '@modules/admin/audit/templates/audit-page';

export const metadata: Metadata = { title: 'Audit log' };

const auditPage = paginatedSchema(auditEntrySchema);
const none: ListPage<AuditEntryView> = { data: [], total: 0, page: 1, limit: 50, hasMore: false };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireStaff('/admin/audit', 'admin');
  const [t, params] = await Promise.all([adminTexts('admin-inbox'), searchParams]);
  const { values, error } = auditFilterValues(params);
  // Filters the API would refuse are shown with the reason instead of being sent.
  const list = error ? none : await adminApi('GET', '/api/admin/audit', { query: { ...values }, schema: auditPage });
  return <AuditPage list={list} values={values} error={error} t={t} />;
}
