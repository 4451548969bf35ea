import type { AdminSettings } from '@shop/domain/admin/settings';
import type { AdminTranslate } from '@modules/admin/lib/texts';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import { DeliverySettingsForm } from '../components/delivery-settings-form';
import { ServiceabilityImportForm } from '../components/serviceability-import-form';

/** /admin/delivery (admins): the delivery promise's settings and the courier's serviceability file (issue 22). */
export function DeliveryPage({ settings, t, messages }: { settings: AdminSettings; t: AdminTranslate; messages: Record<string, unknown> }) {
  return (
    <>
      <AdminHeading title={t('title')} intro={t('intro')} />
      <div className="flex flex-col gap-8">
        <DeliverySettingsForm settings={settings} messages={messages} />
        <section aria-labelledby="serviceability-title" className="flex flex-col gap-3 rounded-xl border border-line bg-white p-4 sm:p-6">
          <h2 id="serviceability-title" className="font-display text-lg font-semibold">
            {t('import.title')}
          </h2>
          <p className="text-sm text-muted">{t('import.intro')}</p>
          <ServiceabilityImportForm messages={messages} />
        </section>
      </div>
    </>
  );
}
