import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { getDevOutbox } from '@lib/api/dev-outbox';
import { DevOutbox } from '@modules/auth/templates/dev-outbox';

export async function generateMetadata() {
  const t = await getTranslations('auth.outbox');
  return { title: t('title'), robots: { index: false } };
}

/** Served while the API serves /api/dev/outbox: whenever no mail or SMS gateway is set, whatever NODE_ENV (decision 055). */
export default async function Page() {
  const messages = await getDevOutbox();
  if (messages === null) notFound();
  return <DevOutbox messages={messages} />;
}
