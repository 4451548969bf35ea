import { useTranslations } from 'next-intl';
import type { ProductSummary } from '@shop/domain/catalogue';
import { Countdown } from '@modules/catalogue/components/countdown';
import { ProductRail } from '@modules/catalogue/components/product-rail';

interface HomeRailsData {
  flashSale: ProductSummary[];
  featured: ProductSummary[];
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

/** The home page's four product rails: flash sale (with its countdown), featured, best selling, new arrivals. */
export function HomeRails({ flashSale, featured, bestSelling, newArrivals, now }: HomeRailsData) {
  const t = useTranslations('catalogue');
  const endsAt = flashSaleEnd(flashSale, now);
  return (
    <>
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
      <ProductRail id="featured" title={t('rails.featured')} products={featured} href="/shop" />
      <ProductRail id="best-selling" title={t('rails.bestSelling')} products={bestSelling} href="/shop?sort=popularity" />
      <ProductRail id="new-arrivals" title={t('rails.newArrivals')} products={newArrivals} href="/shop?sort=newest" />
    </>
  );
}
