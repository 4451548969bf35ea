import { getTranslations } from 'next-intl/server';
import { DEFAULT_SHIPPING_RULES, type ShippingRules } from '@shop/domain/pricing';
import { getSavedAddresses } from '@lib/api/addresses-server';
import { getHeadersSafe } from '@lib/api/shell';
import { getViewer } from '@lib/api/user';
import { CheckoutPage } from '@modules/checkout/templates/checkout-page';

export async function generateMetadata() {
  const t = await getTranslations('checkout');
  return { title: t('title'), robots: { index: false } };
}

/** /checkout: needs sign-in, which happens in place (the sign-in modal), so the page itself is open to everyone. */
export default async function Page() {
  const [viewer, headers] = await Promise.all([getViewer(), getHeadersSafe()]);
  const addresses = viewer ? await getSavedAddresses() : [];
  const shippingRules: ShippingRules = headers
    ? { freeFrom: headers.site.freeShippingThreshold, fee: headers.site.shippingFee }
    : DEFAULT_SHIPPING_RULES;
  return <CheckoutPage viewerId={viewer?._id ?? null} addresses={addresses} shippingRules={shippingRules} />;
}
