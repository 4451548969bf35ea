import { getTranslations } from 'next-intl/server';
import { getMessagePreferences } from '@lib/api/messages';
import { requireViewer } from '@modules/account/lib/require-viewer';
import { MessagePreferencesPage } from '@modules/account/templates/message-preferences';

export async function generateMetadata() {
  const t = await getTranslations('account.nav');
  return { title: t('messages'), robots: { index: false } };
}

export default async function Page() {
  await requireViewer('/my-account/messages');
  return <MessagePreferencesPage preferences={await getMessagePreferences()} />;
}
