import { useTranslations } from 'next-intl';
import type { Category, ProductSummary, Slider } from '@shop/domain/catalogue';
import { Container } from '@modules/common/components/container';
import { HydrateSeparately } from '@modules/common/components/hydrate-separately';
import { Countdown } from '@modules/catalogue/components/countdown';
import { ProductRail } from '@modules/catalogue/components/product-rail';
import { FeaturedCategories } from '../components/featured-categories';
import { HeroSlider } from '../components/hero-slider';

export interface HomeData {
  sliders: Slider[];
  categories: Category[];
  featured: ProductSummary[];
  flashSale: ProductSummary[];
  bestSelling: ProductSummary[];
  newArrivals: ProductSummary[];
  /** Server time of the render, so the countdown's first paint is computed once, here. */
  now: number;
}

/** The soonest future end among the flash-sale products: the sale the countdown counts down to. */
function flashSaleEnd(products: ProductSummary[], now: number): string | undefined {
  const ends = products
    .map((p) => (p.flashSaleEndsAt ? Date.parse(p.flashSaleEndsAt) : NaN))
    .filter((t) => Number.isFinite(t) && t > now)
    .sort((a, b) => a - b);
  return ends[0] !== undefined ? new Date(ends[0]).toISOString() : undefined;
}

export function HomeTemplate({ sliders, categories, featured, flashSale, bestSelling, newArrivals, now }: HomeData) {
  const t = useTranslations('catalogue');
  const endsAt = flashSaleEnd(flashSale, now);
  return (
    <Container className="pt-4 pb-10 sm:pt-6">
      <h1 className="sr-only">{t('home.title')}</h1>
      {/* Each part hydrates on its own, in slices, after the header (decision 018). */}
      <HydrateSeparately>
        <HeroSlider slides={sliders} />
      </HydrateSeparately>
      <HydrateSeparately>
        <FeaturedCategories categories={categories} />
      </HydrateSeparately>
      <HydrateSeparately>
        <ProductRail
          id="flash-sale"
          title={t('rails.flashSale')}
          products={flashSale}
          href="/shop?sort=discount"
          aside={
            endsAt ? (
              <Countdown
                endsAt={endsAt}
                initialSeconds={Math.round((Date.parse(endsAt) - now) / 1000)}
                labels={{ endsIn: t('rails.endsIn'), ended: t('rails.ended'), days: t('rails.daysShort') }}
              />
            ) : null
          }
        />
      </HydrateSeparately>
      <HydrateSeparately>
        <ProductRail deferRendering id="featured" title={t('rails.featured')} products={featured} href="/shop" />
      </HydrateSeparately>
      <HydrateSeparately>
        <ProductRail deferRendering id="best-selling" title={t('rails.bestSelling')} products={bestSelling} href="/shop?sort=popularity" />
      </HydrateSeparately>
      <HydrateSeparately>
        <ProductRail deferRendering id="new-arrivals" title={t('rails.newArrivals')} products={newArrivals} href="/shop?sort=newest" />
      </HydrateSeparately>
    </Container>
  );
}
