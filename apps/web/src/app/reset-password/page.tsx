import { getTranslations } from 'next-intl/server';
import { AuthCard, AuthMessagesProvider, authPageMetadata } from '@modules/auth/templates/auth-page';
import { ResetPasswordForm } from '@modules/auth/components/reset-password-form';

export const generateMetadata = () => authPageMetadata('reset');

/** The emailed link lands here with ?token= (or ?error=INVALID_TOKEN when it was used or expired). */
export default async function Page({ searchParams }: { searchParams: Promise<{ token?: string | string[]; error?: string }> }) {
  const { token, error } = await searchParams;
  const t = await getTranslations('auth.reset');
  return (
    <AuthCard>
      <h1 className="font-display text-2xl font-semibold text-ink">{t('title')}</h1>
      <p className="mb-5 mt-1 text-sm text-muted">{t('subtitle')}</p>
      <AuthMessagesProvider>
        <ResetPasswordForm token={typeof token === 'string' && !error ? token : null} />
      </AuthMessagesProvider>
    </AuthCard>
  );
}
