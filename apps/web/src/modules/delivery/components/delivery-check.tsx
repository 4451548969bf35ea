import { getLocale, getTranslations } from 'next-intl/server';
import { loadRefusalMessages } from '@/i18n/refusals';
import type { Locale } from '@lib/locale/config';
import { DeliveryCheckForm } from './delivery-check-form';

/**
 * The product page's "Check delivery" (issue 22): its texts translated here on the server, the small form a client
 * island. Placeholders ({range}, {city}…) are filled in the browser once the API has answered.
 */
export async function DeliveryCheck({ productId }: { productId: string }) {
  const locale = (await getLocale()) as Locale;
  const [t, refusals] = await Promise.all([getTranslations('catalogue.delivery'), loadRefusalMessages(locale, ['delivery'])]);
  const raw = (key: string) => t.raw(key) as string;
  return (
    <DeliveryCheckForm
      productId={productId}
      locale={locale}
      labels={{
        title: t('title'),
        pincode: t('pincode'),
        hint: t('hint'),
        check: t('check'),
        checking: t('checking'),
        deliveredBy: raw('deliveredBy'),
        place: raw('place'),
        codAvailable: raw('codAvailable'),
        codUnavailable: raw('codUnavailable'),
        notServiceable: raw('notServiceable'),
        failed: t('failed'),
        refusals: {
          delivery_pincode_invalid: refusals.delivery_pincode_invalid ?? '',
          delivery_pincode_unknown: refusals.delivery_pincode_unknown ?? '',
          delivery_pincode_unserviceable: refusals.delivery_pincode_unserviceable ?? '',
        },
      }}
    />
  );
}
