import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { NewsletterLinkPage } from '@modules/newsletter/templates/newsletter-link-page';

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('newsletter.confirm');
  // A page reached from a personal link: never indexed, and the token never leaves in a Referer.
  return { title: t('title'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

export default async function Page({ searchParams }: Props) {
  const { token } = await searchParams;
  return <NewsletterLinkPage action="confirm" token={Array.isArray(token) ? token[0] : token} />;
}
