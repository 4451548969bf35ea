import { cookies } from 'next/headers';
import { getTranslations } from 'next-intl/server';
import { DEFAULT_SHIPPING_RULES, type ShippingRules } from '@shop/domain/pricing';
import { getSavedAddresses } from '@lib/api/addresses-server';
import { ApiError } from '@lib/api/client';
import { getHeadersSafe } from '@lib/api/shell';
import { getCodTermsSafe } from '@lib/api/cod-terms';
import { getViewer } from '@lib/api/user';
import { CheckoutPage } from '@modules/checkout/templates/checkout-page';
import { DEFAULT_SHOP_NAME } from '@modules/payments/lib/shop-name';

export async function generateMetadata() {
  const t = await getTranslations('checkout');
  return { title: t('title'), robots: { index: false } };
}

/** A session that has just ended answers 401: the visitor is signed out, not in trouble. */
async function addressesIfSignedIn(): Promise<Awaited<ReturnType<typeof getSavedAddresses>>> {
  if (!(await cookies()).has('auth_token')) return [];
  try {
    return await getSavedAddresses();
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) return [];
    throw error;
  }
}

/** /checkout: needs sign-in, which happens in place (the sign-in modal), so the page itself is open to everyone. */
export default async function Page() {
  // The visitor, their addresses and the shop's shipping rules are asked for at once.
  const [viewer, addresses, headers, codTerms] = await Promise.all([getViewer(), addressesIfSignedIn(), getHeadersSafe(), getCodTermsSafe()]);
  const shippingRules: ShippingRules = headers ? { freeFrom: headers.site.freeShippingThreshold, fee: headers.site.shippingFee } : DEFAULT_SHIPPING_RULES;
  return (
    <CheckoutPage
      viewerId={viewer?._id ?? null}
      addresses={viewer ? addresses : []}
      shippingRules={shippingRules}
      codTerms={codTerms}
      shopName={headers?.site.name ?? DEFAULT_SHOP_NAME}
    />
  );
}
