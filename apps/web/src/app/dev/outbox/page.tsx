import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { getDevOutbox } from '@lib/api/dev-outbox';
import { DevOutbox } from '@modules/auth/templates/dev-outbox';

export async function generateMetadata() {
  const t = await getTranslations('auth.outbox');
  return { title: t('title'), robots: { index: false } };
}

/** Served only while the API serves /api/dev/outbox (not in production). */
export default async function Page() {
  const messages = await getDevOutbox();
  if (messages === null) notFound();
  return <DevOutbox messages={messages} />;
}
