import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { CategoryRef, ProductDetail, Variant } from '@shop/domain/catalogue';
import { Breadcrumbs } from '@modules/common/components/breadcrumbs';
import { Container } from '@modules/common/components/container';
import { BuyBox } from '../components/buy-box';
import { CodNotice } from '../components/cod-notice';
import { DeliveryCheck } from '@modules/delivery/components/delivery-check';
import { CustomisationNotice } from '../components/customisation-notice';
import { ProductDetails } from '../components/product-details';
import { ProductGallery } from '../components/product-gallery';
import { Rating } from '../components/rating';
import { jsonForScript, productJsonLd } from '../lib/seo';
import { ProductReviewsSection } from '@modules/reviews/templates/product-reviews';
import { HydrateSeparately } from '@modules/common/components/hydrate-separately';
import { DeferredRails } from '@modules/home/components/deferred-rails';
import { loadRelatedRail } from '../actions/load-related-rail';

interface ProductTemplateProps {
  product: ProductDetail;
  variant: Variant | undefined;
  /** Parent of the product's category, for the breadcrumb. */
  parent?: CategoryRef | null;
}

/** /product/{slug}: gallery beside the buy box, then details, reviews and related products (fetched on scroll). */
export function ProductTemplate({ product, variant, parent }: ProductTemplateProps) {
  const t = useTranslations('catalogue');
  const images = product.images.length ? product.images : product.image ? [product.image] : [];
  return (
    <>
      {/* React hoists these into <head>; Next's metadata API has no og:type "product". */}
      <meta property="og:type" content="product" />
      <meta property="product:price:amount" content={((variant?.price ?? product.price) / 100).toFixed(2)} />
      <meta property="product:price:currency" content="INR" />
      <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(productJsonLd(product, variant)) }} />
      <Container className="py-6 sm:py-8">
        <Breadcrumbs
          items={[
            { label: t('breadcrumbs.home'), href: '/' },
            ...(parent ? [{ label: parent.name, href: `/category/${parent.slug}` }] : []),
            { label: product.category.name, href: `/category/${product.category.slug}` },
            { label: product.name },
          ]}
        />
        <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-12">
          {/* The gallery, buy box, details and related rail hydrate on their own (decision 018). */}
          <HydrateSeparately>
            <ProductGallery
              images={images}
              name={product.name}
              labels={{
                gallery: t('product.gallery'),
                carousel: t('product.galleryCarousel'),
                thumbnails: t('product.galleryThumbnails'),
                image: images.map((_, i) => t('product.galleryImage', { n: i + 1, total: images.length })),
                enlarge: t('product.galleryEnlarge'),
                close: t('product.galleryClose'),
                previous: t('product.galleryPrevious'),
                next: t('product.galleryNext'),
                zoomIn: t('product.galleryZoomIn'),
                zoomOut: t('product.galleryZoomOut'),
              }}
            />
          </HydrateSeparately>
          <div className="flex flex-col gap-5">
            <div className="flex flex-col gap-2">
              <Link
                href={`/category/${product.category.slug}`}
                prefetch={false}
                className="w-fit rounded text-xs font-semibold tracking-wider text-brand uppercase hover:underline"
              >
                {product.category.name}
              </Link>
              <h1 className="text-3xl leading-tight font-semibold text-ink sm:text-4xl">{product.name}</h1>
              {product.rating.count > 0 ? (
                <Rating average={product.rating.average} count={product.rating.count} size="md" />
              ) : (
                <p className="text-sm text-muted">{t('rating.none')}</p>
              )}
            </div>
            <HydrateSeparately>
              <BuyBox product={product} initialVariantId={variant?._id} />
            </HydrateSeparately>
            <div className="flex flex-col gap-4 border-t border-line pt-5">
              <DeliveryCheck productId={product._id} />
              <CodNotice cod={product.cod} />
              <CustomisationNotice customization={product.product_customization} />
            </div>
          </div>
        </div>
        <HydrateSeparately>
          <div className="mt-12 border-t border-line pt-10">
            <ProductDetails product={product} />
          </div>
        </HydrateSeparately>
        <ProductReviewsSection productId={product._id} />
        {/* Related products: below the fold, fetched as the shopper scrolls near them (decision 027 addendum). */}
        <DeferredRails load={loadRelatedRail.bind(null, product.slug)} count={1} />
      </Container>
    </>
  );
}
