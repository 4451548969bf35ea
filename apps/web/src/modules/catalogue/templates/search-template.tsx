import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { SEARCH_RESULT_CAP, type Category, type Paginated, type ProductSummary } from '@shop/domain/catalogue';
import { Container } from '@modules/common/components/container';
import { Pagination } from '../components/pagination';
import { ProductGrid } from '../components/product-grid';
import { SearchForm } from '../components/search-form';
import { isolateIn } from '@modules/common/i18n/isolate';

interface SearchTemplateProps {
  q: string;
  result: Paginated<ProductSummary> | null;
  /** Shown as ways on when nothing matches, or before a search. */
  suggestions: Category[];
}

/** Search terms offered when the box is empty or nothing matched. */
const POPULAR = ['keychain', 'lamp', 'mug', 'frame', 'necklace', 'cushion'];

function Suggestions({ suggestions }: { suggestions: Category[] }) {
  const t = useTranslations('catalogue.search');
  return (
    <div className="mt-6 flex flex-col gap-6">
      <div>
        <h2 className="mb-3 font-sans text-sm font-semibold text-ink">{t('popular')}</h2>
        <ul className="flex flex-wrap gap-2">
          {POPULAR.map((term) => (
            <li key={term}>
              <Link
                prefetch={false}
                href={`/search?q=${encodeURIComponent(term)}`}
                className="inline-flex h-9 items-center rounded-full border border-line bg-white px-4 text-sm text-ink hover:border-brand hover:text-brand"
              >
                {term}
              </Link>
            </li>
          ))}
        </ul>
      </div>
      {suggestions.length ? (
        <div>
          <h2 className="mb-3 font-sans text-sm font-semibold text-ink">{t('browse')}</h2>
          <ul className="flex flex-wrap gap-2">
            {suggestions.map((c) => (
              <li key={c._id}>
                <Link
                  prefetch={false}
                  href={`/category/${c.slug}`}
                  className="inline-flex h-9 items-center rounded-full bg-brand-soft px-4 text-sm text-brand-strong hover:bg-brand hover:text-white"
                >
                  {c.name}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}

/** /search: the form, then results, a helpful empty state, or a prompt when nothing was typed. */
export function SearchTemplate({ q, result, suggestions }: SearchTemplateProps) {
  const t = useTranslations('catalogue.search');
  const totalPages = result ? Math.max(1, Math.ceil(result.total / Math.max(1, result.limit))) : 1;
  return (
    <Container className="py-6 sm:py-8">
      <h1 className="mb-4 text-3xl font-semibold text-ink sm:text-4xl">{q ? isolateIn((slot) => t('resultsFor', { q: slot }), q) : t('title')}</h1>
      <SearchForm q={q} />
      {!q || !result ? (
        <div className="mt-8 rounded-xl bg-surface p-6">
          <p className="font-display text-xl text-ink">{t('prompt')}</p>
          <p className="mt-1 text-sm text-muted">{t('promptText')}</p>
          <Suggestions suggestions={suggestions} />
        </div>
      ) : result.data.length === 0 ? (
        <div className="mt-8 rounded-xl bg-surface p-6">
          <p className="font-display text-xl text-ink" role="status">
            {isolateIn((slot) => t('noResults', { q: slot }), q)}
          </p>
          <p className="mt-1 text-sm text-muted">{t('noResultsTips')}</p>
          <Suggestions suggestions={suggestions} />
        </div>
      ) : (
        <section aria-labelledby="search-count" className="mt-6">
          {/* The count is announced as results change, and stays the heading of the results for navigation. */}
          <div role="status">
            <h2 id="search-count" className="mb-4 font-sans text-sm text-muted">
              {/* A search ranks its best SEARCH_RESULT_CAP matches; a total at the cap means at least that many. */}
              {t(result.total >= SEARCH_RESULT_CAP ? 'countAtLeast' : 'count', { count: result.total })}
            </h2>
          </div>
          <ProductGrid products={result.data} />
          <Pagination
            page={Math.min(result.page, totalPages)}
            totalPages={totalPages}
            hrefFor={(page) => `/search?q=${encodeURIComponent(q)}${page > 1 ? `&page=${page}` : ''}`}
          />
        </section>
      )}
    </Container>
  );
}
