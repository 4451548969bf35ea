import { codTokenRequestSchema } from '@shop/domain/cod/cod-settings';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import { loadRefusalMessages } from '@/i18n/refusals';
import type { RequestMessages } from '@/i18n/request';
import type { Locale } from '@lib/locale/config';
import { Container } from '@modules/common/components/container';
import { ConfirmCodAction } from '../components/confirm-cod-action';

/** /order/confirm-cod?token=…: what the link is for, and one button that confirms the order (decision 066). */
export async function ConfirmCodPage({ token }: { token: string | undefined }) {
  const t = await getTranslations('orders.codConfirm');
  const [messages, refusals] = await Promise.all([
    getMessages() as Promise<RequestMessages>,
    getLocale().then((locale) => loadRefusalMessages(locale as Locale, ['general', 'cod'])),
  ]);
  const valid = token !== undefined && codTokenRequestSchema.safeParse({ token }).success;
  return (
    <Container className="py-12 sm:py-20">
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-2xl border border-line bg-white p-8 text-center">
        <h1 className="font-display text-2xl font-semibold text-ink sm:text-3xl">{t('linkTitle')}</h1>
        {valid ? (
          <>
            <p className="text-muted">{t('linkIntro')}</p>
            <NextIntlClientProvider messages={{ orders: { codConfirm: messages.orders.codConfirm }, refusals }}>
              <ConfirmCodAction token={token} />
            </NextIntlClientProvider>
          </>
        ) : (
          <p role="alert" className="text-danger">
            {t('linkInvalid')}
          </p>
        )}
      </div>
    </Container>
  );
}
