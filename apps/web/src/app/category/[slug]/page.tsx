import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { getBrands, getCategoryPage } from '@lib/api/catalogue';
import { pageAlternates } from '@modules/layout/locale-alternates';
import { ProductListingTemplate } from '@modules/catalogue/templates/product-listing';
import { SubcategoryChips } from '@modules/catalogue/components/subcategory-chips';
import { ShopText, shopTextProps } from '@modules/common/components/shop-text';
import { attributeFiltersFromFacets } from '@modules/catalogue/lib/facet-attributes';
import { listingQuery, parseListing, toFilters, type ListingState, type SearchParams } from '@modules/catalogue/lib/listing-params';

interface Props {
  params: Promise<{ slug: string }>;
  searchParams: Promise<SearchParams>;
}

/** The listing state of a category page: the path names the category, so a stray ?category= must not override it. */
async function stateOf(searchParams: Props['searchParams']): Promise<ListingState> {
  return { ...parseListing(await searchParams), category: undefined };
}

/**
 * One call answers the whole page (docs/decisions/038). The metadata asks for exactly the same URL, so Next's
 * request memoisation makes it the same call.
 */
const pageData = (slug: string, state: ListingState) => getCategoryPage(slug, toFilters(state));

export async function generateMetadata({ params, searchParams }: Props): Promise<Metadata> {
  const { slug } = await params;
  const found = await pageData(slug, await stateOf(searchParams));
  // The 404 page's own title: this metadata is what the browser keeps once the page has streamed in.
  if (!found) return { title: (await getTranslations('shell.notFound'))('title'), robots: { index: false } };
  const t = await getTranslations('catalogue.meta');
  const { category } = found;
  return {
    title: category.name,
    description: category.description || t('categoryDescription', { name: category.name }),
    alternates: await pageAlternates(`/category/${category.slug}`),
  };
}

export default async function CategoryPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const state = await stateOf(searchParams);
  // Two calls side by side: the page itself and the brand list of the filter (every brand, as on /shop).
  const [t, found, brands] = await Promise.all([getTranslations('catalogue'), pageData(slug, state), getBrands()]);
  if (!found) notFound();
  const { category, breadcrumb, subcategories, products: result, facets } = found;
  // A page past the end (an old link, a hand-edited URL) goes back to the first page.
  if (result.data.length === 0 && state.page > 1) redirect(`/category/${category.slug}${listingQuery(state, { page: 1 })}`);
  return (
    <ProductListingTemplate
      title={<ShopText>{category.name}</ShopText>}
      breadcrumbs={[
        { label: t('breadcrumbs.home'), href: '/' },
        { label: t('breadcrumbs.categories'), href: '/category' },
        ...breadcrumb.slice(0, -1).map((ancestor) => ({ label: ancestor.name, href: `/category/${ancestor.slug}`, shopText: true })),
        { label: category.name, shopText: true },
      ]}
      intro={
        <>
          {category.description ? (
            <p {...shopTextProps} className="mt-2 max-w-2xl text-muted">
              {category.description}
            </p>
          ) : null}
          <SubcategoryChips items={subcategories} label={t('category.subcategories')} />
        </>
      }
      action={`/category/${category.slug}`}
      state={state}
      result={result}
      brands={brands}
      attributes={attributeFiltersFromFacets(facets)}
    />
  );
}
