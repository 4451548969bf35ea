import type { Metadata } from 'next';
import { notFound, redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { getBrands, getCategory, getProducts } from '@lib/api/catalogue';
import { ProductListingTemplate } from '@modules/catalogue/templates/product-listing';
import { SubcategoryChips } from '@modules/catalogue/components/subcategory-chips';
import { attributeFiltersFor } from '@modules/catalogue/lib/listing-attributes';
import { listingQuery, parseListing, toFilters, type SearchParams } from '@modules/catalogue/lib/listing-params';

interface Props {
  params: Promise<{ slug: string }>;
  searchParams: Promise<SearchParams>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const found = await getCategory(slug);
  if (!found) return {};
  const t = await getTranslations('catalogue.meta');
  const { category } = found;
  return {
    title: category.name,
    description: category.description || t('categoryDescription', { name: category.name }),
    alternates: { canonical: `/category/${category.slug}` },
  };
}

export default async function CategoryPage({ params, searchParams }: Props) {
  const { slug } = await params;
  const found = await getCategory(slug);
  if (!found) notFound();
  const { category, children } = found;
  // The path names the category; a stray ?category= must not override it.
  const state = { ...parseListing(await searchParams), category: undefined };
  const [t, result, brands, attributes] = await Promise.all([
    getTranslations('catalogue'),
    getProducts({ ...toFilters(state), category: category.slug }),
    getBrands(),
    attributeFiltersFor(category.slug),
  ]);
  // A page past the end (an old link, a hand-edited URL) goes back to the first page.
  if (result.data.length === 0 && state.page > 1) redirect(`/category/${category.slug}${listingQuery(state, { page: 1 })}`);
  return (
    <ProductListingTemplate
      title={category.name}
      breadcrumbs={[
        { label: t('breadcrumbs.home'), href: '/' },
        { label: t('breadcrumbs.categories'), href: '/category' },
        ...(category.parent ? [{ label: category.parent.name, href: `/category/${category.parent.slug}` }] : []),
        { label: category.name },
      ]}
      intro={
        <>
          {category.description ? <p className="mt-2 max-w-2xl text-muted">{category.description}</p> : null}
          <SubcategoryChips items={children} label={t('category.subcategories')} />
        </>
      }
      action={`/category/${category.slug}`}
      state={state}
      result={result}
      brands={brands}
      attributes={attributes}
    />
  );
}
