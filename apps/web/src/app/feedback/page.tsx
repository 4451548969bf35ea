import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageAlternates } from '@modules/layout/locale-alternates';
import { getFeedbacks } from '@lib/api/engagement';
import { FeedbackTemplate } from '@modules/feedback/templates/feedback-template';

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('feedback');
  return { title: t('title'), description: t('intro'), alternates: await pageAlternates('/feedback') };
}

export default async function FeedbackPage({ searchParams }: Props) {
  const { page } = await searchParams;
  const number = Number(Array.isArray(page) ? page[0] : page);
  const current = Number.isInteger(number) && number >= 1 && number <= 1000 ? number : 1;
  // The form still works when the list cannot be read.
  const list = await getFeedbacks(current).catch(() => null);
  return <FeedbackTemplate list={list} />;
}
