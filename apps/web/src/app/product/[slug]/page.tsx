import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { getCategoryBySlug, getProduct } from '@lib/api/catalogue';
import { ProductTemplate } from '@modules/catalogue/templates/product-template';
import { absoluteUrl, summarise } from '@modules/catalogue/lib/seo';
import { pageAlternates } from '@modules/layout/locale-alternates';
import { initialVariant } from '@modules/catalogue/lib/variants';

interface Props {
  params: Promise<{ slug: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { slug } = await params;
  const product = await getProduct(slug);
  // The 404 page's own title: this metadata is what the browser keeps once the page has streamed in.
  if (!product) return { title: (await getTranslations('shell.notFound'))('title'), robots: { index: false } };
  const description = summarise(product.description);
  const image = product.images[0] ?? product.image;
  const alternates = await pageAlternates(`/product/${product.slug}`);
  const canonical = alternates.canonical;
  return {
    title: product.name,
    description,
    alternates,
    openGraph: {
      title: product.name,
      description,
      url: canonical,
      ...(image ? { images: [{ url: absoluteUrl(image.original), width: image.width, height: image.height, alt: image.alt ?? product.name }] } : {}),
    },
    twitter: { card: 'summary_large_image', title: product.name, description },
  };
}

export default async function ProductPage({ params, searchParams }: Props) {
  const { slug } = await params;
  // Related products are not read here: the page fetches them when the shopper scrolls near (decision 027 addendum).
  const [product, query] = await Promise.all([getProduct(slug), searchParams]);
  if (!product) notFound();
  const sku = Array.isArray(query.variant) ? query.variant[0] : query.variant;
  // The parent category completes the breadcrumb; without it the trail is simply one step shorter.
  const parent = (await getCategoryBySlug(product.category.slug).catch(() => null))?.parent ?? null;
  return <ProductTemplate product={product} variant={initialVariant(product.variants, sku)} parent={parent} />;
}
