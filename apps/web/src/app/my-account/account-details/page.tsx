import { getTranslations } from 'next-intl/server';
import { requireViewer } from '@modules/account/lib/require-viewer';
import { AccountDetails } from '@modules/account/templates/account-details';

export async function generateMetadata() {
  const t = await getTranslations('account.nav');
  return { title: t('details'), robots: { index: false } };
}

export default async function Page() {
  const viewer = await requireViewer('/my-account/account-details');
  return <AccountDetails viewer={viewer} />;
}
