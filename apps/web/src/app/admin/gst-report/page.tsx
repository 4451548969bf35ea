import type { Metadata } from 'next';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { GstReportPage, reportMonthOf } from '@modules/admin/invoices/templates/gst-report-page';

export const metadata: Metadata = { title: 'GST report' };

/** A month's invoices and credit notes by GST rate, and the GSTR-1 CSV downloads (staff, admin; issue 21). */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireStaff('/admin/gst-report');
  const params = await searchParams;
  return <GstReportPage month={reportMonthOf(params.month)} />;
}
