import { getTranslations } from 'next-intl/server';
import { requireViewer } from '@modules/account/lib/require-viewer';
import { SavedAddressPage } from '@modules/account/templates/saved-address';

export async function generateMetadata() {
  const t = await getTranslations('account.nav');
  return { title: t('addresses'), robots: { index: false } };
}

export default async function Page() {
  await requireViewer('/my-account/saved-address');
  return <SavedAddressPage />;
}
