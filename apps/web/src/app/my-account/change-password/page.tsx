import { getTranslations } from 'next-intl/server';
import { requireViewer } from '@modules/account/lib/require-viewer';
import { ChangePassword } from '@modules/account/templates/change-password';

export async function generateMetadata() {
  const t = await getTranslations('account.nav');
  return { title: t('password'), robots: { index: false } };
}

export default async function Page() {
  await requireViewer('/my-account/change-password');
  return <ChangePassword />;
}
