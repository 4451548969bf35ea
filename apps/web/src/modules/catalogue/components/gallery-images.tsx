import { getImageProps } from 'next/image';
import type { ReactNode } from 'react';
import type { Image as ProductImage } from '@shop/domain/catalogue';
import { StaticImage } from '@modules/common/components/static-image';
import { capSrcSet } from '@modules/common/components/src-set';

/**
 * The main image's drawn width (decision 115): the gallery takes 7 of the grid's 12 fractions from 1024px, beside a
 * 48px gap inside the page's container (max-w-7xl, 1280px, with 32px padding), so 681px from 1280px and
 * (100vw − 112px) × 7/12 between; below 1024px it spans the container (16px padding, 24px from 640px).
 */
export const MAIN_SIZES = '(min-width: 1280px) 681px, (min-width: 1024px) calc(58.33vw - 65px), (min-width: 640px) calc(100vw - 48px), calc(100vw - 32px)';
/**
 * The main image's narrowest slot: a 320px phone's (100vw − 32px). Next lists every configured width from 16 for these
 * sizes (each `vw` is inside a `calc()`, so it finds no share of the viewport to start from); the seven files under
 * 288px are never picked, and cost ~650 bytes a srcset, ten times on the page (four slides and the preload, each in the
 * HTML and the hydration data).
 */
const MAIN_MIN_WIDTH = 288;

/**
 * The gallery's images, rendered here on the server and handed to the client gallery as finished elements (decision
 * 115): next/image's srcset code (`getImageProps`, ~4 kB gzip) then stays out of the product page's first-load
 * scripts. The first slide is the page's largest paint: preloaded in the head, eager, high fetch priority.
 */
export function galleryImages(images: ProductImage[], name: string): { slides: ReactNode[]; thumbs: ReactNode[] } {
  return {
    slides: images.map((image, i) =>
      i === 0 ? (
        <StaticImage
          key={image.id}
          src={image.original}
          alt={image.alt ?? name}
          width={image.width}
          height={image.height}
          sizes={MAIN_SIZES}
          preload
          maxWidth={1920}
          minWidth={MAIN_MIN_WIDTH}
          className="h-full w-full object-cover"
        />
      ) : (
        <LazySlide key={image.id} image={image} alt={image.alt ?? name} />
      ),
    ),
    // An 80px thumbnail needs at most 240 pixels (a 3x screen) and at least 80: its srcset is 96 to 256 instead of
    // listing every file from 16 to 3840.
    thumbs: images.map((image) => (
      <StaticImage
        key={image.id}
        src={image.thumbnail ?? image.original}
        alt=""
        width={80}
        height={80}
        sizes="80px"
        maxWidth={256}
        minWidth={80}
        className="h-full w-full object-cover"
      />
    )),
  };
}

/**
 * A slide after the first: the browser's own lazy loading, which also watches horizontal scrollers, so the next image
 * is fetched as the strip nears it rather than when it is already on screen (the page's data-attribute lazy images
 * watch the viewport only). Low fetch priority: the strip's next slides sit within the browser's lazy-load margin,
 * so they are fetched at once, and Chromium raised them to high priority beside the first slide, the page's largest
 * paint, on half of the measured loads (Lighthouse then counted them on the way to it).
 */
function LazySlide({ image, alt }: { image: ProductImage; alt: string }) {
  const { props } = getImageProps({ src: image.original, alt, width: image.width, height: image.height, sizes: MAIN_SIZES, loading: 'lazy' });
  return <img {...props} srcSet={capSrcSet(props.srcSet, 1920, MAIN_MIN_WIDTH)} alt={alt} fetchPriority="low" className="h-full w-full object-cover" />;
}
