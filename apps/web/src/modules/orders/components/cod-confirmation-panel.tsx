import type { Order } from '@shop/domain/order';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages } from 'next-intl/server';
import { loadRefusalMessages } from '@/i18n/refusals';
import type { RequestMessages } from '@/i18n/request';
import type { Locale } from '@lib/locale/config';
import { formatOrderTime } from '../lib/format-time';
import type { OrderTexts } from '../lib/texts';
import { CodCodeForm } from './cod-code-form';

/**
 * A cash-on-delivery order waiting for its shopper's confirmation (decision 066): what to do and by when, and for an
 * SMS code the field to enter it. Nothing once confirmed or when none was asked; a cancelled order says nothing more.
 */
export async function CodConfirmationPanel({ order, texts }: { order: Order; texts: OrderTexts }) {
  const pending = order.codConfirmation;
  if (!pending || pending.confirmedAt !== null || order.status !== 'placed') return null;
  const { t } = texts;
  const [messages, refusals] = await Promise.all([
    getMessages() as Promise<RequestMessages>,
    getLocale().then((locale) => loadRefusalMessages(locale as Locale, ['general', 'cod'])),
  ]);
  const by = pending.confirmBy ? formatOrderTime(pending.confirmBy, texts.locale) : '';
  return (
    <section aria-labelledby="cod-confirm" className="rounded-xl border border-brand/40 bg-brand-soft/30 p-4 sm:p-6" data-testid="cod-confirmation">
      <h2 id="cod-confirm" className="mb-2 text-lg font-semibold">
        {t('codConfirm.title')}
      </h2>
      <p className="mb-3 text-sm">{t(pending.method === 'sms_code' ? 'codConfirm.byCode' : 'codConfirm.byLink', { time: by })}</p>
      {pending.method === 'sms_code' ? (
        <NextIntlClientProvider messages={{ orders: { codConfirm: messages.orders.codConfirm }, refusals }}>
          <CodCodeForm orderId={order._id} />
        </NextIntlClientProvider>
      ) : null}
    </section>
  );
}
