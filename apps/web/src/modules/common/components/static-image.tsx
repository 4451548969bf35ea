import { getImageProps } from 'next/image';
import { preload as preloadResource } from 'react-dom';
import { blankSrc, LAZY_SRC, LAZY_SRCSET } from '../lazy-images/lazy-attributes';
import { capSrcSet, widestSource } from './src-set';

interface StaticImageProps {
  src: string;
  alt: string;
  width: number;
  height: number;
  sizes: string;
  className?: string;
  /** 'eager' for images in the first screen; otherwise lazy: loaded when within 200px of the screen (decision 036). */
  loading?: 'eager' | 'lazy';
  /** The page's largest paint: adds a preload link to the head and loads it eagerly. */
  preload?: boolean;
  fetchPriority?: 'high' | 'low' | 'auto';
  /**
   * Widest file the srcset offers (the slot's largest CSS width at a 2-3x screen). Next lists every configured width up
   * to 3840 for a `vw` size; each entry is ~90 bytes in the HTML and again in the hydration data, dozens of times a page.
   */
  maxWidth?: number;
  /** The slot's narrowest drawn width in CSS pixels (the smallest phone's): narrower files are left out of the srcset. */
  minWidth?: number;
}

/**
 * A catalogue image through Next's optimiser (same srcset and sizes as next/image), rendered as a plain <img>.
 * next/image is a client component: every one of the dozens of cards on a page would be hydrated; this one is plain
 * HTML for server components and costs nothing to hydrate (ADR 015). A lazy one carries its sources in data attributes
 * until `LazyImages` sees it within 200px of the screen, and a `<noscript>` copy for browsers without JavaScript.
 */
export function StaticImage({ preload = false, fetchPriority, loading, maxWidth, minWidth, ...image }: StaticImageProps) {
  const { props: all } = getImageProps({
    ...image,
    loading: preload ? 'eager' : loading,
    fetchPriority: fetchPriority ?? (preload ? 'high' : undefined),
  });
  const props = { ...all, srcSet: capSrcSet(all.srcSet, maxWidth, minWidth) };
  if (preload) {
    // What next/image's `preload` does in the App Router: a <link rel=preload> with the same srcset, hoisted to <head>.
    preloadResource(props.src, {
      as: 'image',
      imageSrcSet: props.srcSet,
      imageSizes: props.sizes,
      fetchPriority: props.fetchPriority,
    });
  }
  if (props.loading !== 'lazy') return <img {...props} alt={image.alt} />;
  const lazy = {
    ...props,
    loading: undefined,
    src: blankSrc(image.width, image.height),
    srcSet: undefined,
    [LAZY_SRC]: props.src,
    [LAZY_SRCSET]: props.srcSet,
  };
  // Without JavaScript: one file (the widest the slot would pick), lazily loaded by the browser itself. A srcset and
  // sizes there would add ~550 bytes a card to the HTML and as much again to the hydration data (decision 133).
  const fallback = { ...props, srcSet: undefined, sizes: undefined, src: widestSource(props.srcSet) ?? props.src };
  return (
    <>
      <img {...lazy} alt={image.alt} />
      <noscript>
        <img {...fallback} alt={image.alt} />
      </noscript>
    </>
  );
}
