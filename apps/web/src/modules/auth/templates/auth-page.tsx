import { redirect } from 'next/navigation';
import { NextIntlClientProvider } from 'next-intl';
import { getLocale, getMessages, getTranslations } from 'next-intl/server';
import type { ReactNode } from 'react';
import { getViewer } from '@lib/api/user';
import type { Locale } from '@lib/locale/config';
import { loadRefusalMessages } from '@/i18n/refusals';
import type { RequestMessages } from '@/i18n/request';
import { Container } from '@modules/common/components/container';
import { QueryProvider } from '@modules/common/query-provider';
import { PageAuthFlow } from '../components/auth-flow';
import type { AuthView } from '../components/types';
import { accountRefusalAreas } from '../lib/refusal-messages';
import { safeNextPath } from '../lib/safe-next';

/**
 * The client leaves of the auth pages get only the `auth` messages and the refusal texts they can show (decision
 * 037), and the data-fetching client the sign-in forms use (it is not provided app-wide, decision 018).
 */
export async function AuthMessagesProvider({ children }: { children: ReactNode }) {
  const [messages, locale] = await Promise.all([getMessages() as Promise<RequestMessages>, getLocale()]);
  const refusals = await loadRefusalMessages(locale as Locale, accountRefusalAreas);
  return (
    <NextIntlClientProvider messages={{ auth: messages.auth, refusals }}>
      <QueryProvider>{children}</QueryProvider>
    </NextIntlClientProvider>
  );
}

export function AuthCard({ children }: { children: ReactNode }) {
  return (
    <Container className="py-8 sm:py-14">
      <div className="mx-auto w-full max-w-md rounded-2xl border border-line bg-white p-5 shadow-sm sm:p-8">{children}</div>
    </Container>
  );
}

/**
 * /signin, /signup and /forget-password: the modal's forms full-page. `next` (same-origin paths
 * only) is where a signed-in visitor goes; one who is already signed in goes there at once.
 */
export async function AuthPage({ view, next }: { view: AuthView; next: string | string[] | undefined }) {
  const target = typeof next === 'string' ? safeNextPath(next, '') || null : null;
  // Asking the API (not just looking for the cookie) so an ended session cannot loop between pages.
  if (view !== 'FORGET_PASSWORD' && (await getViewer())) redirect(target ?? '/my-account');
  return (
    <AuthCard>
      {/* A mailed link that was used or has expired says so on its own page (decision 145), not here. */}
      <AuthMessagesProvider>
        {/* With no page to return to, a visitor who signs in here goes to their account. */}
        <PageAuthFlow initialView={view} next={target ?? '/my-account'} />
      </AuthMessagesProvider>
    </AuthCard>
  );
}

export async function authPageMetadata(key: 'otp' | 'signUp' | 'forgot' | 'reset' | 'logout') {
  const t = await getTranslations('auth');
  return { title: t(`${key}.title`), robots: { index: false } };
}
