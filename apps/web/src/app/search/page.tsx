import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { getFeaturedCategories, searchProducts } from '@lib/api/catalogue';
import { SearchTemplate } from '@modules/catalogue/templates/search-template';

interface Props {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

function read(params: Record<string, string | string[] | undefined>) {
  const raw = params.q;
  // Control characters cannot be searched for (the API refuses them); 100 characters is its limit.
  const q = ((Array.isArray(raw) ? raw[0] : raw) ?? '')
    .replace(/[\u0000-\u001f]/g, ' ')
    .trim()
    .slice(0, 100);
  const pageRaw = Number(Array.isArray(params.page) ? params.page[0] : params.page);
  const page = Number.isInteger(pageRaw) && pageRaw >= 1 ? Math.min(pageRaw, 500) : 1;
  return { q, page };
}

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const { q } = read(await searchParams);
  const t = await getTranslations('catalogue.search');
  // Result pages are endless and thin; keep them out of search engines but let links be followed.
  return { title: q ? t('resultsFor', { q }) : t('title'), robots: { index: false, follow: true } };
}

export default async function SearchPage({ searchParams }: Props) {
  const { q, page } = read(await searchParams);
  const [result, suggestions] = await Promise.all([q ? searchProducts(q, page) : Promise.resolve(null), getFeaturedCategories()]);
  // A page past the end goes back to the first page of the same search.
  if (result && result.data.length === 0 && page > 1) redirect(`/search?q=${encodeURIComponent(q)}`);
  return <SearchTemplate q={q} result={result} suggestions={suggestions} />;
}
