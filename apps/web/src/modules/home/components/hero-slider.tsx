import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { Slider } from '@shop/domain/catalogue';
import { ShopText } from '@modules/common/components/shop-text';
import { StaticImage } from '@modules/common/components/static-image';
import { SliderControls } from './slider-controls';

/** Home hero: server-rendered slides; only the first image is preloaded (it is the page's largest paint). */
export function HeroSlider({ slides }: { slides: Slider[] }) {
  const t = useTranslations('catalogue.home');
  if (slides.length === 0) return null;
  return (
    <SliderControls
      count={slides.length}
      label={t('heroLabel')}
      labels={{
        previous: t('previousSlide'),
        next: t('nextSlide'),
        goTo: slides.map((_, i) => t('goToSlide', { n: i + 1, total: slides.length })),
      }}
    >
      {slides.map((slide, i) => (
        <div
          key={slide._id}
          role="group"
          aria-roledescription="slide"
          aria-label={t('slideOf', { n: i + 1, total: slides.length })}
          className="relative w-full shrink-0 snap-start"
        >
          <StaticImage
            src={slide.image.original}
            alt={slide.image.alt ?? ''}
            width={slide.image.width}
            height={slide.image.height}
            // Below 640px the slide is 4:3 and the wide banner (about 8:3) covers it: it is drawn about twice the viewport wide.
            sizes="(min-width: 1280px) 1216px, (min-width: 640px) 100vw, 200vw"
            // The first slide is the page's largest paint: fetch it first. Later slides load lazily.
            preload={i === 0}
            maxWidth={2048}
            className="aspect-[4/3] h-auto w-full object-cover sm:aspect-[21/8]"
          />
          <div className="absolute inset-0 flex items-end bg-gradient-to-t from-black/70 via-black/25 to-transparent p-5 sm:items-center sm:bg-gradient-to-r sm:px-20 sm:py-12 rtl:sm:bg-gradient-to-l">
            <div className="max-w-md text-white">
              {i === 0 ? (
                <h2 className="text-2xl leading-tight font-semibold sm:text-5xl">
                  <ShopText>{slide.title}</ShopText>
                </h2>
              ) : (
                <p className="font-display text-2xl leading-tight font-semibold sm:text-5xl">
                  <ShopText>{slide.title}</ShopText>
                </p>
              )}
              {slide.subtitle ? (
                <p className="mt-2 text-sm text-white/90 sm:text-lg">
                  <ShopText>{slide.subtitle}</ShopText>
                </p>
              ) : null}
              <Link
                href={slide.link}
                // Not prefetched on viewport entry, like the cards (decision 018).
                prefetch={false}
                className="mt-4 inline-flex h-11 items-center rounded-full bg-white px-6 text-sm font-semibold text-brand hover:bg-brand-soft"
              >
                {t('shopNow')}
                <span className="sr-only">: {slide.title}</span>
              </Link>
            </div>
          </div>
        </div>
      ))}
    </SliderControls>
  );
}
