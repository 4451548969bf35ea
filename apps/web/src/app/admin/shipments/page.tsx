import type { Metadata } from 'next';
import { shipmentStatuses, type ShipmentStatus } from '@shop/domain/shipping/statuses';
import { readList } from '@modules/admin/lib/list-read';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { getManifest, getShipments, indiaToday } from '@modules/admin/shipping/lib/shipping-api';
import { ShipmentsPage, type ShipmentsPageValues } from '@modules/admin/shipping/templates/shipments-page';
import { FormMessage } from '@modules/auth/components/form-controls';

export const metadata: Metadata = { title: 'Shipments' };

const one = (value: string | string[] | undefined) => (typeof value === 'string' ? value : '');

/** The URL's filters, each checked: anything else falls back to the default (all statuses, page 1, today). */
function valuesOf(params: Record<string, string | string[] | undefined>): ShipmentsPageValues {
  const status = one(params.status);
  const page = Number(one(params.page) || 1);
  const date = one(params.date);
  return {
    status: (shipmentStatuses as readonly string[]).includes(status) ? (status as ShipmentStatus) : '',
    page: Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1,
    date: /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : indiaToday(),
  };
}

/** Every shipment by status, and the day's manifest (issue 22). */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireStaff('/admin/shipments');
  const [t, params] = await Promise.all([adminTexts('admin-shipping'), searchParams]);
  const values = valuesOf(params);
  const empty = { data: [], total: 0, page: 1, limit: 20, hasMore: false };
  const [{ list, refusal }, manifest] = await Promise.all([
    readList(() => getShipments({ status: values.status || undefined, page: values.page }), empty),
    readList(() => getManifest(values.date), []),
  ]);
  const problem = refusal ?? manifest.refusal;
  return (
    <>
      {problem ? <FormMessage tone="error">{problem}</FormMessage> : null}
      <ShipmentsPage values={values} data={{ list, manifest: manifest.list }} t={t} />
    </>
  );
}
