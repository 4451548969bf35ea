import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { ProductSummary } from '@shop/domain/catalogue';
import { Price } from '@modules/common/components/price';
import { ShopText } from '@modules/common/components/shop-text';
import { StaticImage } from '@modules/common/components/static-image';
import { OpenModalButton } from '@modules/common/modal/open-modal-button';
import { QuickAddButton } from '@modules/cart/components/quick-add-button';
import { WishlistHeart } from '@modules/wishlist/components/wishlist-heart';
import { Rating } from './rating';

/**
 * The `sizes` for a card image in the standard grid (2 columns, 3 from 640px, 4 from 1024px, capped by
 * the 80rem container), so the optimiser serves ~384px-wide files instead of full-width ones.
 */
const CARD_IMAGE_SIZES = '(min-width: 1280px) 296px, (min-width: 1024px) 23vw, (min-width: 640px) 31vw, 46vw';

interface ProductCardProps {
  product: ProductSummary;
  sizes?: string;
  /** Heading level of the name inside its list (h3 under a section's h2). */
  headingLevel?: 'h2' | 'h3';
  /** First row of a listing: load at once, since one of these images is usually the largest paint. */
  eager?: boolean;
  /** The listing's first card, the phone's largest paint: preloaded from the head at high priority. */
  preload?: boolean;
  /** The quick-view button (a client leaf); rails leave it out to keep long pages light to hydrate. */
  quickView?: boolean;
}

/**
 * One product in a grid or rail: square image, badges, name, price, rating; the whole card links to the product.
 * A product without variants has an add-to-cart button; one with variants is chosen on its page, where the card leads.
 * The `product-card-*` class names are defined in product-card.css: a listing repeats them too often to spell out
 * (decision 135).
 */
export function ProductCard({
  product,
  sizes = CARD_IMAGE_SIZES,
  headingLevel: Heading = 'h3',
  eager = false,
  preload = false,
  quickView = true,
}: ProductCardProps) {
  const t = useTranslations('catalogue.card');
  const tc = useTranslations('cart.add');
  const quickAdd = product.inStock && !product.hasVariants;
  const off = product.discountPercent;
  return (
    <article className="group product-card">
      <div className="product-card-media">
        {product.image ? (
          <StaticImage
            src={product.image.original}
            alt={product.image.alt ?? product.name}
            width={product.image.width}
            height={product.image.height}
            sizes={sizes}
            maxWidth={828}
            loading={eager ? 'eager' : undefined}
            preload={preload}
            className={product.inStock ? 'product-card-image' : 'product-card-image opacity-60 grayscale'}
          />
        ) : null}
        {/* The badges keep clear of the heart at the top end. */}
        <div className="product-card-badges">
          {off > 0 ? (
            // aria-hidden: the price below already says the percent off in words.
            <span aria-hidden="true" className="product-card-off">
              {t('off', { percent: off })}
            </span>
          ) : null}
          {product.product_customization ? <span className="product-card-personal">{t('personalisable')}</span> : null}
        </div>
        {/* Above the card link's overlay (z-10); its state is filled in by the browser (issue 24, decision 099). */}
        <WishlistHeart
          productId={product._id}
          label={t('wishlist', { name: product.name })}
          failed={t('wishlistFailed')}
          full={t('wishlistFull')}
          className="product-card-heart"
        />
        {/* Above the card link's overlay (z-10); hover or keyboard focus reveals it on larger screens. */}
        {quickView ? (
          <OpenModalButton
            view="PRODUCT_VIEW"
            data={{ slug: product.slug }}
            aria-label={t('quickView', { name: product.name })}
            className={product.inStock ? 'product-card-quick-view bottom-2' : 'product-card-quick-view bottom-8'}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4" fill="none" stroke="currentColor" strokeWidth="1.8">
              <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z" />
              <circle cx="12" cy="12" r="3" />
            </svg>
            {t('quickViewShort')}
          </OpenModalButton>
        ) : null}
        {!product.inStock ? <span className="product-card-sold-out">{t('outOfStock')}</span> : null}
      </div>
      <div className="product-card-body">
        <Heading className="product-card-title">
          {/* The link's ::after covers the whole card, so the card is one click target with one accessible name. */}
          <Link
            href={`/product/${product.slug}`}
            // Not prefetched on viewport entry: every visible card's prefetch answer is parsed on the main thread
            // while the page is still loading (decision 018); the product page is fetched on click.
            prefetch={false}
            className="product-card-link"
          >
            <ShopText>{product.name}</ShopText>
          </Link>
        </Heading>
        <div className="product-card-foot">
          <div className="product-card-prices">
            <Price price={product.price} mrp={product.mrp} size="sm" />
            {/* The rating line keeps its height when empty, so prices line up across a row. */}
            <div className="h-4">
              <Rating average={product.rating.average} count={product.rating.count} />
            </div>
          </div>
          {/* Above the card link's overlay (z-10), like the quick view. */}
          {quickAdd ? (
            <QuickAddButton productId={product._id} label={tc('addNamed', { name: product.name })} failed={tc('failed')} className="product-card-add" />
          ) : null}
        </div>
      </div>
    </article>
  );
}
