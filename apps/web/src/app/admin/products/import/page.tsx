import type { Metadata } from 'next';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminMessages, adminTexts } from '@modules/admin/lib/texts';
import { filterValues } from '@modules/admin/products/lib/products-api';
import { CsvPanel } from '@modules/admin/products/templates/csv-panel';

export const metadata: Metadata = { title: 'Import and export products' };

export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireStaff('/admin/products/import');
  const [t, messages, params] = await Promise.all([adminTexts('admin-products'), adminMessages('admin-products'), searchParams]);
  return <CsvPanel values={filterValues(params)} t={t} messages={messages} />;
}
