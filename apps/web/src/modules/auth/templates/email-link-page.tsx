import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import type { EmailLinkKind } from '@lib/api/auth';
import { EmailLinkConfirm } from '../components/email-link-confirm';
import { safeNextPath } from '../lib/safe-next';
import { AuthCard, AuthMessagesProvider } from './auth-page';

const TITLES = { 'magic-link': 'signInTitle', 'verify-email': 'verifyTitle' } as const;

export async function emailLinkPageMetadata(kind: EmailLinkKind): Promise<Metadata> {
  const t = await getTranslations('auth.emailLink');
  // Reached from a personal link: never indexed, and its address never leaves in a Referer.
  return { title: t(TITLES[kind]), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

/**
 * /signin/email-link and /signin/confirm-email, where the mailed links lead (decision 145). Opening the page changes
 * nothing: it shows whose link it is and asks for a click; only the button uses the link. `next` (a path on this
 * site, else home) is where the shopper goes afterwards. The token is in the URL's fragment, read in the browser.
 */
export async function EmailLinkPage({ kind, next }: { kind: EmailLinkKind; next: string | string[] | undefined }) {
  const t = await getTranslations('auth.emailLink');
  return (
    <AuthCard>
      <h1 className="mb-5 font-display text-2xl font-semibold text-ink">{t(TITLES[kind])}</h1>
      <AuthMessagesProvider>
        <EmailLinkConfirm kind={kind} next={safeNextPath(typeof next === 'string' ? next : undefined, '/')} />
      </AuthMessagesProvider>
    </AuthCard>
  );
}
