import Link from 'next/link';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { Container } from '@modules/common/components/container';
import { SearchForm } from '@modules/layout/components/search-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('shell.notFound');
  return { title: t('title'), robots: { index: false } };
}

/** A helpful 404: say what happened, offer a search and the way back into the catalogue. */
export default async function NotFound() {
  const t = await getTranslations('shell.notFound');
  return (
    <Container className="flex flex-col items-center py-16 text-center sm:py-24">
      <p className="text-sm font-semibold tracking-widest text-brand uppercase">{t('code')}</p>
      <h1 className="mt-3 text-3xl font-semibold sm:text-4xl">{t('title')}</h1>
      <p className="mt-4 max-w-xl text-muted">{t('text')}</p>
      <SearchForm id="not-found-search" className="mt-8 w-full max-w-md" landmark={false} />
      <ul className="mt-8 flex flex-wrap justify-center gap-3">
        <li>
          <Link
            prefetch={false}
            href="/shop"
            className="inline-block rounded-full border border-transparent bg-brand px-6 py-3 font-semibold text-white hover:bg-brand-strong"
          >
            {t('shop')}
          </Link>
        </li>
        <li>
          <Link
            prefetch={false}
            href="/category"
            className="inline-block rounded-full border border-line px-6 py-3 font-semibold hover:border-brand hover:text-brand"
          >
            {t('categories')}
          </Link>
        </li>
        <li>
          <Link prefetch={false} href="/" className="inline-block rounded-full px-6 py-3 font-semibold text-brand hover:underline">
            {t('home')}
          </Link>
        </li>
      </ul>
    </Container>
  );
}
