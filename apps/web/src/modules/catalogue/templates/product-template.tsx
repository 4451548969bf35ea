import Link from 'next/link';
import { getImageProps } from 'next/image';
import { useTranslations } from 'next-intl';
import type { CategoryRef, ProductDetail, Variant } from '@shop/domain/catalogue';
import { Breadcrumbs } from '@modules/common/components/breadcrumbs';
import { Container } from '@modules/common/components/container';
import { ShopText } from '@modules/common/components/shop-text';
import { BuyBox } from '../components/buy-box';
import { CodNotice } from '../components/cod-notice';
import { DeliveryCheck } from '@modules/delivery/components/delivery-check';
import { CustomisationNotice } from '../components/customisation-notice';
import { ProductDetails } from '../components/product-details';
import { ProductGallery } from '../components/product-gallery';
import { galleryImages } from '../components/gallery-images';
import { Rating } from '../components/rating';
import { jsonForScript, productJsonLd } from '../lib/seo';
import { ProductReviewsSection } from '@modules/reviews/templates/product-reviews';
import { HydrateSeparately } from '@modules/common/components/hydrate-separately';
import { DeferredRails } from '@modules/home/components/deferred-rails';
import { loadRelatedRail } from '../actions/load-related-rail';
import { WishlistHeart } from '@modules/wishlist/components/wishlist-heart';
import { NotifyMe, type NotifyMeLabels } from '@modules/wishlist/components/notify-me';
import { RecordView } from '@modules/recently-viewed/components/record-view';
import { RecentlyViewedRail } from '@modules/recently-viewed/components/recently-viewed-rail';

/** The small square a "recently viewed" link shows, through the image optimiser, worked out here on the server. */
function thumbnailOf(image: { original: string; width: number; height: number }) {
  const side = 256;
  const { props } = getImageProps({ src: image.original, alt: '', width: side, height: Math.round((side * image.height) / image.width) || side });
  return { src: props.src, width: props.width as number, height: props.height as number };
}

/** The refusals "Notify me" can meet, translated here so the form ships only these few texts (decision 037). */
const NOTIFY_REFUSALS = [
  'email_required',
  'email_invalid',
  'phone_invalid',
  'stock_alert_in_stock',
  'stock_alert_option_in_stock',
  'stock_alert_option_not_found',
  'product_not_found',
] as const;

interface ProductTemplateProps {
  product: ProductDetail;
  variant: Variant | undefined;
  /** Parent of the product's category, for the breadcrumb. */
  parent?: CategoryRef | null;
}

/** /product/{slug}: gallery beside the buy box, then details, reviews and related products (fetched on scroll). */
export function ProductTemplate({ product, variant, parent }: ProductTemplateProps) {
  const t = useTranslations('catalogue');
  const tr = useTranslations('refusals');
  const images = product.images.length ? product.images : product.image ? [product.image] : [];
  const notifyLabels: NotifyMeLabels = {
    open: t('notify.open'),
    intro: t('notify.intro'),
    channel: t('notify.channel'),
    email: t('notify.email'),
    sms: t('notify.sms'),
    emailLabel: t('notify.emailLabel'),
    phoneLabel: t('notify.phoneLabel'),
    submit: t('notify.submit'),
    done: t('notify.done'),
    failed: t('notify.failed'),
    refusals: Object.fromEntries(NOTIFY_REFUSALS.map((code) => [code, tr(code)])),
  };
  const first = images[0];
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
            ...(parent ? [{ label: parent.name, href: `/category/${parent.slug}`, shopText: true }] : []),
            { label: product.category.name, href: `/category/${product.category.slug}`, shopText: true },
            { label: product.name, shopText: true },
          ]}
        />
        <div className="mt-4 grid gap-8 lg:grid-cols-[minmax(0,7fr)_minmax(0,5fr)] lg:gap-12">
          {/* The gallery, buy box, details and related rail hydrate on their own (decision 018). */}
          <HydrateSeparately>
            <ProductGallery
              images={images}
              name={product.name}
              {...galleryImages(images, product.name)}
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
                <ShopText>{product.category.name}</ShopText>
              </Link>
              <div className="flex items-start justify-between gap-3">
                <h1 className="text-3xl leading-tight font-semibold text-ink sm:text-4xl">
                  <ShopText>{product.name}</ShopText>
                </h1>
                {/* Its state comes from the browser, never from this cached page (issue 24, decision 099). */}
                <WishlistHeart
                  productId={product._id}
                  label={t('card.wishlist', { name: product.name })}
                  failed={t('card.wishlistFailed')}
                  full={t('card.wishlistFull')}
                  className="h-11 w-11 shrink-0 border border-line bg-white"
                />
              </div>
              {product.rating.count > 0 ? (
                <Rating average={product.rating.average} count={product.rating.count} size="md" />
              ) : (
                <p className="text-sm text-muted">{t('rating.none')}</p>
              )}
            </div>
            <HydrateSeparately>
              <BuyBox product={product} initialVariantId={variant?._id} />
            </HydrateSeparately>
            {/* Out of stock, or an option that is (decision 118): "Notify me" for the product or the option picked. */}
            {product.inStock && !product.variants.some((option) => option.stock <= 0) ? null : (
              <HydrateSeparately>
                <NotifyMe
                  productId={product._id}
                  options={product.variants.map((option) => ({ _id: option._id, stock: option.stock }))}
                  initialVariantId={variant?._id}
                  labels={notifyLabels}
                />
              </HydrateSeparately>
            )}
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
        <HydrateSeparately>
          <RecordView
            product={{
              id: product._id,
              slug: product.slug,
              name: product.name,
              image: first ? thumbnailOf(first) : null,
            }}
          />
          <RecentlyViewedRail title={t('recent.title')} excludeId={product._id} />
        </HydrateSeparately>
        {/* Related products: below the fold, fetched as the shopper scrolls near them (decision 027 addendum). */}
        <DeferredRails load={loadRelatedRail.bind(null, product.slug)} count={1} />
      </Container>
    </>
  );
}
