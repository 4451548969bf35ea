import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { getAdminOrder } from '@modules/admin/orders/lib/orders-api';
import { PackingSlip } from '@modules/admin/orders/templates/packing-slip';

export const metadata: Metadata = { title: 'Packing slip' };

/** A printable packing slip: lines, quantities, each unit's personalisation and the address. */
export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireStaff(`/admin/orders/${encodeURIComponent(id)}/packing-slip`);
  const [t, detail] = await Promise.all([adminTexts('admin-orders'), getAdminOrder(id)]);
  if (!detail) notFound();
  return <PackingSlip detail={detail} t={t} />;
}
