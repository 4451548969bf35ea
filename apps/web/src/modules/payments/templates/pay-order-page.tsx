import type { CheckoutPayment, Order } from '@shop/domain/order';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import type { Locale } from '@lib/locale/config';
import { loadRefusalMessages } from '@/i18n/refusals';
import type { RequestMessages } from '@/i18n/request';
import { Container } from '@modules/common/components/container';
import { PayExistingOrder } from '../components/pay-existing-order';

/** /checkout/pay/{id}: the heading on the server, the payment (which loads the provider's checkout) as the client leaf. */
export async function PayOrderPage({ order, payment, shopName }: { order: Order; payment: CheckoutPayment; shopName: string }) {
  const [t, messages, locale] = await Promise.all([getTranslations('checkout.pay'), getMessages() as Promise<RequestMessages>, getLocale() as Promise<Locale>]);
  const refusals = await loadRefusalMessages(locale, ['general', 'orders', 'payments']);
  return (
    <Container className="py-6 sm:py-10">
      <h1 className="mb-6 font-display text-2xl font-semibold text-ink sm:text-3xl">{t('pageTitle')}</h1>
      <div className="mx-auto max-w-2xl">
        <NextIntlClientProvider messages={{ checkout: { pay: messages.checkout.pay }, refusals }}>
          <PayExistingOrder
            orderId={order._id}
            orderNumber={order.number}
            payment={payment}
            holdUntil={order.reservationExpiresAt}
            codAllowed={order.items.every((line) => line.cod)}
            shopName={shopName}
            prefill={{ name: order.address.name, contact: `+91${order.address.mobile}` }}
          />
        </NextIntlClientProvider>
      </div>
    </Container>
  );
}
