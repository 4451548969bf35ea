import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import type { Locale } from '@lib/locale/config';
import { accountRefusalAreas } from '@modules/auth/lib/refusal-messages';
import { Container } from '@modules/common/components/container';
import { loadRefusalMessages } from '@/i18n/refusals';
import type { RequestMessages } from '@/i18n/request';
import { QueryProvider } from '@modules/common/query-provider';
import { AccountNav } from '../components/account-nav';

/** The frame of every /my-account page: the section's navigation beside the page. */
export async function AccountLayout({ children }: { children: ReactNode }) {
  const [messages, t, locale] = await Promise.all([getMessages() as Promise<RequestMessages>, getTranslations('account'), getLocale()]);
  // The refusal texts the account forms can show (decision 037): sign-in codes, profile and address rules.
  const refusals = await loadRefusalMessages(locale as Locale, [...accountRefusalAreas, 'delivery']);
  return (
    <Container className="py-6 sm:py-10">
      <p className="mb-4 font-display text-lg text-muted">{t('section')}</p>
      <NextIntlClientProvider messages={{ account: messages.account, auth: messages.auth, refusals }}>
        {/* Saved addresses and sign-out use TanStack Query; it is provided here, not app-wide (decision 018). */}
        <QueryProvider>
          <div className="flex flex-col gap-6 lg:flex-row lg:gap-10">
            <AccountNav />
            <div className="min-w-0 flex-1">{children}</div>
          </div>
        </QueryProvider>
      </NextIntlClientProvider>
    </Container>
  );
}

export function AccountHeading({ title, intro }: { title: ReactNode; intro?: string }) {
  return (
    <div className="mb-6">
      <h1 className="font-display text-2xl font-semibold text-ink sm:text-3xl">{title}</h1>
      {intro ? <p className="mt-1 text-muted">{intro}</p> : null}
    </div>
  );
}
