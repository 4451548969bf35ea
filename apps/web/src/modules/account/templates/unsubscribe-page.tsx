import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import type { Locale } from '@lib/locale/config';
import { Container } from '@modules/common/components/container';
import { loadRefusalMessages } from '@/i18n/refusals';
import type { RequestMessages } from '@/i18n/request';
import { UnsubscribeAction } from '../components/unsubscribe-action';

/** /unsubscribe?token=… (issue 21): the marketing mail's unsubscribe link, without signing in. */
export async function UnsubscribePage({ token }: { token: string | undefined }) {
  const t = await getTranslations('account.unsubscribe');
  const messages = await (getMessages() as Promise<RequestMessages>);
  const refusals = await loadRefusalMessages((await getLocale()) as Locale, ['general', 'messages']);
  return (
    <Container className="py-12 sm:py-20">
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-2xl border border-line bg-white p-8 text-center">
        <h1 className="font-display text-2xl font-semibold text-ink sm:text-3xl">{t('title')}</h1>
        {token ? (
          <>
            <p className="text-muted">{t('intro')}</p>
            <NextIntlClientProvider messages={{ account: messages.account, auth: messages.auth, refusals }}>
              <UnsubscribeAction token={token} />
            </NextIntlClientProvider>
          </>
        ) : (
          <p role="alert" className="text-danger">
            {t('missing')}
          </p>
        )}
      </div>
    </Container>
  );
}
