import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { getBrands, getCategories, getProducts } from '@lib/api/catalogue';
import { pageAlternates } from '@modules/layout/locale-alternates';
import { ShopText } from '@modules/common/components/shop-text';
import { ProductListingTemplate } from '@modules/catalogue/templates/product-listing';
import { attributeFiltersFor } from '@modules/catalogue/lib/listing-attributes';
import { listingQuery, parseListing, toFilters, type SearchParams } from '@modules/catalogue/lib/listing-params';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('catalogue.meta');
  return { title: t('shopTitle'), description: t('shopDescription'), alternates: await pageAlternates('/shop') };
}

export default async function ShopPage({ searchParams }: { searchParams: Promise<SearchParams> }) {
  const state = parseListing(await searchParams);
  const t = await getTranslations('catalogue');
  const [result, categories, brands, attributes] = await Promise.all([
    getProducts(toFilters(state)),
    getCategories(),
    getBrands(),
    attributeFiltersFor(state.category),
  ]);
  // A page past the end (an old link, a hand-edited URL) goes back to the first page.
  if (result.data.length === 0 && state.page > 1) redirect(`/shop${listingQuery(state, { page: 1 })}`);
  const chosen = state.category ? categories.find((c) => c.slug === state.category) : undefined;
  return (
    <ProductListingTemplate
      title={chosen ? <ShopText>{chosen.name}</ShopText> : t('listing.shopTitle')}
      breadcrumbs={[
        { label: t('breadcrumbs.home'), href: '/' },
        { label: t('breadcrumbs.shop'), href: chosen ? '/shop' : undefined },
        ...(chosen ? [{ label: chosen.name, shopText: true }] : []),
      ]}
      action="/shop"
      state={state}
      result={result}
      categories={categories}
      brands={brands}
      attributes={attributes}
    />
  );
}
