import Link from 'next/link';
import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { LIST_TOTAL_CAP, type AttributeOption, type Brand, type Category, type Paginated, type ProductSummary } from '@shop/domain/catalogue';
import { Container } from '@modules/common/components/container';
import { Breadcrumbs, type BreadcrumbItem } from '@modules/common/components/breadcrumbs';
import { ListingFilters } from '../components/listing-filters';
import { Pagination } from '../components/pagination';
import { ProductGrid } from '../components/product-grid';
import { SortForm } from '../components/sort-form';
import { activeFilterCount, hasFilters, listingQuery, type ListingState } from '../lib/listing-params';
import { HydrateSeparately } from '@modules/common/components/hydrate-separately';

interface ProductListingProps {
  /** Text on /shop; a category page's name comes as shop content (ShopText). */
  title: ReactNode;
  breadcrumbs: BreadcrumbItem[];
  /** Under the title: a description, subcategory chips... */
  intro?: ReactNode;
  /** Path the forms and page links point at: /shop or /category/{slug}. */
  action: string;
  state: ListingState;
  result: Paginated<ProductSummary>;
  /** The category select (only on /shop). */
  categories?: Category[];
  brands?: Brand[];
  attributes?: AttributeOption[];
}

/** Shared by /shop and /category/{slug}: title, filters, sort, product grid, page links. */
export function ProductListingTemplate({ title, breadcrumbs, intro, action, state, result, categories, brands, attributes }: ProductListingProps) {
  const t = useTranslations('catalogue.listing');
  const onCategoryPage = !categories;
  const totalPages = Math.max(1, Math.ceil(result.total / Math.max(1, result.limit)));
  const filtered = hasFilters(state, onCategoryPage);
  return (
    <Container className="py-6 sm:py-8">
      <Breadcrumbs items={breadcrumbs} />
      <header className="mt-4 mb-6">
        <h1 className="text-3xl font-semibold text-ink sm:text-4xl">{title}</h1>
        {intro}
      </header>
      <div className="grid gap-6 lg:grid-cols-[16rem_1fr] lg:gap-8">
        {/* Filters, sorting, the grid and pagination hydrate on their own (decision 018). */}
        <HydrateSeparately>
          <ListingFilters
            action={action}
            state={state}
            categories={categories}
            brands={brands}
            attributes={attributes}
            activeCount={activeFilterCount(state, onCategoryPage)}
          />
        </HydrateSeparately>
        <section aria-labelledby="results-heading" className="min-w-0">
          <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
            <h2 id="results-heading" className="font-sans text-sm text-muted" aria-live="polite">
              {t(result.total >= LIST_TOTAL_CAP ? 'countAtLeast' : 'count', { count: result.total })}
            </h2>
            <HydrateSeparately>
              <SortForm action={action} state={state} keepCategory={!onCategoryPage} />
            </HydrateSeparately>
          </div>
          {result.data.length > 0 ? (
            <HydrateSeparately>
              <ProductGrid products={result.data} />
            </HydrateSeparately>
          ) : (
            <div className="rounded-xl border border-dashed border-line bg-surface px-6 py-12 text-center">
              <p className="font-display text-xl text-ink">{filtered ? t('emptyFiltered') : t('empty')}</p>
              {filtered ? (
                <Link prefetch={false} href={action} className="mt-4 inline-block rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white">
                  {t('clearFilters')}
                </Link>
              ) : (
                <Link prefetch={false} href="/shop" className="mt-4 inline-block rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white">
                  {t('browseAll')}
                </Link>
              )}
            </div>
          )}
          <HydrateSeparately>
            <Pagination page={Math.min(state.page, totalPages)} totalPages={totalPages} hrefFor={(page) => `${action}${listingQuery(state, { page })}`} />
          </HydrateSeparately>
        </section>
      </div>
    </Container>
  );
}
