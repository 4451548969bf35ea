import { getTranslations } from 'next-intl/server';
import type { MessagePreferencesView } from '@shop/domain/message-preferences';
import { MessagePreferencesForm } from '../components/message-preferences-form';
import { AccountHeading } from './account-layout';

/** /my-account/messages (issue 21). */
export async function MessagePreferencesPage({ preferences }: { preferences: MessagePreferencesView }) {
  const t = await getTranslations('account.messages');
  return (
    <div>
      <AccountHeading title={t('title')} intro={t('intro')} />
      <MessagePreferencesForm initial={preferences} />
    </div>
  );
}
