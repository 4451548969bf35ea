import { getTranslations } from 'next-intl/server';
import Link from 'next/link';
import { SignOutButton } from './sign-out-button';

/**
 * /logout asks before it signs out. It used to sign out as it loaded, so any other site could end a shopper's session
 * by sending their browser here (a cross-site GET: no Origin check applies to a navigation). The shop's own sign-out
 * buttons call the sign-out directly and never come here; a person who types /logout clicks once more.
 */
export async function SignOutConfirm() {
  const t = await getTranslations('auth.logout');
  return (
    <div className="space-y-5 text-center">
      <h1 className="font-display text-2xl font-semibold text-ink">{t('title')}</h1>
      <p className="text-ink">{t('ask')}</p>
      <SignOutButton className="h-11 w-full rounded-lg bg-brand px-4 text-base font-semibold text-white hover:bg-brand-strong disabled:opacity-60">
        {t('confirm')}
      </SignOutButton>
      <Link prefetch={false} href="/" className="inline-block text-sm font-medium text-brand underline-offset-4 hover:underline">
        {t('stay')}
      </Link>
    </div>
  );
}
