import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageAlternates } from '@modules/layout/locale-alternates';
import { getHeadersSafe } from '@lib/api/shell';
import { ContactTemplate } from '@modules/contact/templates/contact-template';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('contact.page');
  return { title: t('title'), description: t('intro'), alternates: await pageAlternates('/contact-us') };
}

export default async function ContactPage({ searchParams }: { searchParams: Promise<{ key?: string | string[] }> }) {
  const [headers, { key }] = await Promise.all([getHeadersSafe(), searchParams]);
  return (
    <ContactTemplate
      tollFreeNumber={headers?.site.tollFreeNumber || null}
      contactEmail={headers?.site.contactEmail || null}
      reportKey={typeof key === 'string' ? key : null}
    />
  );
}
