import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import { newsletterTokenSchema } from '@shop/domain/newsletter';
import type { Locale } from '@lib/locale/config';
import { engagementRefusalAreas } from '@modules/auth/lib/refusal-messages';
import { Container } from '@modules/common/components/container';
import { loadRefusalMessages } from '@/i18n/refusals';
import type { RequestMessages } from '@/i18n/request';
import { NewsletterLinkAction } from '../components/newsletter-link-action';

/** /newsletter/confirm and /newsletter/unsubscribe: what the link is for, and one button that does it. */
export async function NewsletterLinkPage({ action, token }: { action: 'confirm' | 'unsubscribe'; token: string | undefined }) {
  const t = await getTranslations('newsletter');
  const messages = await (getMessages() as Promise<RequestMessages>);
  // The refusal texts its form can show (decision 037).
  const refusals = await loadRefusalMessages((await getLocale()) as Locale, engagementRefusalAreas);
  const valid = token !== undefined && newsletterTokenSchema.safeParse({ token }).success;
  return (
    <Container className="py-12 sm:py-20">
      <div className="mx-auto flex max-w-lg flex-col items-center gap-4 rounded-2xl border border-line bg-white p-8 text-center">
        <h1 className="font-display text-2xl font-semibold text-ink sm:text-3xl">{t(`${action}.title`)}</h1>
        {valid ? (
          <>
            <p className="text-muted">{t(`${action}.intro`)}</p>
            <NextIntlClientProvider messages={{ newsletter: messages.newsletter, refusals }}>
              <NewsletterLinkAction action={action} token={token} />
            </NextIntlClientProvider>
          </>
        ) : (
          <p role="alert" className="text-danger">
            {token ? t('invalidLink') : t('missingLink')}
          </p>
        )}
      </div>
    </Container>
  );
}
