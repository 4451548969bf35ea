import { useTranslations } from 'next-intl';
import type { Category, Slider } from '@shop/domain/catalogue';
import { Container } from '@modules/common/components/container';
import { HydrateSeparately } from '@modules/common/components/hydrate-separately';
import { loadHomeRails } from '../actions/load-home-rails';
import { DeferredRails } from '../components/deferred-rails';
import { FeaturedCategories } from '../components/featured-categories';
import { HeroSlider } from '../components/hero-slider';
import { RecentlyViewedRail } from '@modules/recently-viewed/components/recently-viewed-rail';

interface HomeData {
  sliders: Slider[];
  categories: Category[];
}

export function HomeTemplate({ sliders, categories }: HomeData) {
  const t = useTranslations('catalogue');
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
      {/* Flash sale, featured, best selling, new arrivals: below the fold, fetched as the shopper scrolls near
          them (decision 027). */}
      <DeferredRails load={loadHomeRails} count={4} />
      {/* Issue 24: from this browser's storage only, after hydration (the page stays the same for everyone). */}
      <HydrateSeparately>
        <RecentlyViewedRail title={t('recent.title')} />
      </HydrateSeparately>
    </Container>
  );
}
