import { adminSettingsSchema } from '@shop/domain/admin/settings';
import type { Metadata } from 'next';
import { adminApi } from '@lib/api/admin-fetch';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminMessages, adminTexts } from '@modules/admin/lib/texts';
import { DeliveryPage } from '@modules/admin/delivery/templates/delivery-page';

export const metadata: Metadata = { title: 'Delivery' };

/** Delivery settings and the courier's serviceability file: admins only (the API refuses others too). */
export default async function Page() {
  await requireStaff('/admin/delivery', 'admin');
  const [t, messages, settings] = await Promise.all([
    adminTexts('admin-delivery'),
    adminMessages('admin-delivery'),
    adminApi('GET', '/api/admin/settings', { schema: adminSettingsSchema }),
  ]);
  return <DeliveryPage settings={settings} t={t} messages={messages} />;
}
