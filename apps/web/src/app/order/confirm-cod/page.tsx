import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { ConfirmCodPage } from '@modules/orders/templates/confirm-cod-page';

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('orders.codConfirm');
  // A page reached from a personal link: never indexed, and the token never leaves in a Referer.
  return { title: t('linkTitle'), robots: { index: false, follow: false }, referrer: 'no-referrer' };
}

/** /order/confirm-cod?token=…: the cash-on-delivery confirmation link sent by SMS (decision 066). */
export default async function Page({ searchParams }: Props) {
  const { token } = await searchParams;
  return <ConfirmCodPage token={Array.isArray(token) ? token[0] : token} />;
}
