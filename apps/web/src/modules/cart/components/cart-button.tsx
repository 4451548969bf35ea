import { getLocale, getTranslations } from 'next-intl/server';
import { DEFAULT_SHIPPING_RULES, type ShippingRules } from '@shop/domain/pricing';
import { getHeadersSafe } from '@lib/api/shell';
import { countLabels } from '../lib/count-label';
import { CartCountButton } from './cart-count-button';
import { HydrateSeparately } from '@modules/common/components/hydrate-separately';

/** The shipping rules from the site settings (GET /api/headers, cached); spec §9's defaults when the API is down. */
async function shippingRules(): Promise<ShippingRules> {
  const headers = await getHeadersSafe();
  if (!headers) return DEFAULT_SHIPPING_RULES;
  return { freeFrom: headers.site.freeShippingThreshold, fee: headers.site.shippingFee };
}

/** The header's cart button, with its label translated here on the server (see count-label.ts). */
export async function CartButton() {
  const [locale, t, rules] = await Promise.all([getLocale(), getTranslations('cart.button'), shippingRules()]);
  return (
    // Hydrates on its own, after the rest of the header (decision 018); the server renders the empty cart.
    <HydrateSeparately>
      <CartCountButton
        labels={countLabels(locale, (count) => t('label', { count }))}
        emptyLabel={t('label', { count: 0 })}
        locale={locale}
        shippingRules={rules}
      />
    </HydrateSeparately>
  );
}
