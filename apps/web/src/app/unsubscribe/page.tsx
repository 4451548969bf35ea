import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { UnsubscribePage } from '@modules/account/templates/unsubscribe-page';

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('account.unsubscribe');
  // A page reached from a personal link: never indexed, and the token never leaves in a Referer.
  return { title: t('title'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

export default async function Page({ searchParams }: Props) {
  const { token } = await searchParams;
  const value = Array.isArray(token) ? token[0] : token;
  return <UnsubscribePage token={value && /^[\w-]{16,64}$/.test(value) ? value : undefined} />;
}
