import { adminSettingsSchema } from '@shop/domain/admin/settings';
import type { Metadata } from 'next';
import { adminApi } from '@lib/api/admin-fetch';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import { catalogueTexts } from '@modules/admin/catalogue/lib/texts';
import { SettingsForm, type SettingsFormTexts } from '@modules/admin/settings/components/settings-form';
import { CodSettingsForm, type CodSettingsFormTexts } from '@modules/admin/settings/components/cod-settings-form';
import { GiftSettingsForm, type GiftSettingsFormTexts } from '@modules/admin/settings/components/gift-settings-form';
import { TaxIdentitySection } from '@modules/admin/invoices/templates/tax-identity-section';

export const metadata: Metadata = { title: 'Settings' };

/** Site settings: admins only (staff and customers get the 404 page; the API refuses them too). */
export default async function Page() {
  await requireStaff('/admin/settings', 'admin');
  const [t, texts, codTexts, giftTexts, settings] = await Promise.all([
    adminTexts('admin-catalogue'),
    catalogueTexts<SettingsFormTexts>('settingsForm'),
    catalogueTexts<CodSettingsFormTexts>('codSettingsForm'),
    catalogueTexts<GiftSettingsFormTexts>('giftSettingsForm'),
    adminApi('GET', '/api/admin/settings', { schema: adminSettingsSchema }),
  ]);
  return (
    <>
      <AdminHeading title={t('settings.title')} intro={t('settings.intro')} />
      <SettingsForm settings={settings} texts={texts} />
      <CodSettingsForm settings={settings} texts={codTexts} />
      {/* Issue 24: gift wrap and the wait for a proof answer. */}
      <GiftSettingsForm settings={settings} texts={giftTexts} />
      {/* Issue 21: the shop's GST registration, saved on its own. */}
      <TaxIdentitySection />
    </>
  );
}
