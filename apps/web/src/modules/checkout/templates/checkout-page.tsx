import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import type { ShippingRules } from '@shop/domain/pricing';
import type { CodTerms } from '@shop/domain/cod/cod-settings';
import type { SavedAddress } from '@lib/api/addresses';
import type { Locale } from '@lib/locale/config';
import { loadRefusalMessages } from '@/i18n/refusals';
import type { RequestMessages } from '@/i18n/request';
import { Container } from '@modules/common/components/container';
import { CheckoutForm } from '../components/checkout-form';

interface CheckoutPageProps {
  /** The signed-in visitor's id, or null: signing in remounts the form with the visitor's addresses. */
  viewerId: string | null;
  addresses: SavedAddress[];
  shippingRules: ShippingRules;
  /** The shop's cash-on-delivery terms (decision 065). */
  codTerms: CodTerms;
  /** The shop's name, shown in the payment provider's checkout. */
  shopName: string;
}

/** /checkout: the heading on the server, the form (which reads the browser's cart) as the client leaf. */
export async function CheckoutPage({ viewerId, addresses, shippingRules, codTerms, shopName }: CheckoutPageProps) {
  const [t, messages, locale] = await Promise.all([getTranslations('checkout'), getMessages() as Promise<RequestMessages>, getLocale() as Promise<Locale>]);
  // The refusals the checkout can meet (decision 037): the general ones, the order's, the address form's, payment's and COD's.
  const refusals = await loadRefusalMessages(locale, ['general', 'orders', 'account', 'payments', 'cod', 'delivery', 'gifting']);
  return (
    <Container className="py-6 sm:py-10">
      <h1 className="mb-6 font-display text-2xl font-semibold text-ink sm:text-3xl">{t('title')}</h1>
      {/* The address form is the account module's, so its texts come along (only those: they are in the HTML). */}
      <NextIntlClientProvider messages={{ checkout: messages.checkout, account: { addresses: messages.account.addresses }, refusals }}>
        <CheckoutForm
          key={viewerId ?? 'signed-out'}
          signedIn={viewerId !== null}
          addresses={addresses}
          shippingRules={shippingRules}
          codTerms={codTerms}
          shopName={shopName}
        />
      </NextIntlClientProvider>
    </Container>
  );
}
