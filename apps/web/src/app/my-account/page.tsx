import { getTranslations } from 'next-intl/server';
import { requireViewer } from '@modules/account/lib/require-viewer';
import { AccountDashboard } from '@modules/account/templates/dashboard';

export async function generateMetadata() {
  const t = await getTranslations('account.nav');
  return { title: t('dashboard'), robots: { index: false } };
}

export default async function Page() {
  const viewer = await requireViewer('/my-account');
  return <AccountDashboard viewer={viewer} />;
}
