import { getTranslations } from 'next-intl/server';
import { ChangePasswordForm } from '../components/change-password-form';
import { AccountHeading } from './account-layout';

/** /my-account/change-password */
export async function ChangePassword() {
  const t = await getTranslations('account.password');
  return (
    <div>
      <AccountHeading title={t('title')} intro={t('intro')} />
      <ChangePasswordForm />
    </div>
  );
}
