'use client';

import { lazy, Suspense, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import type { Image as ProductImage } from '@shop/domain/catalogue';
import { galleryStep, slideAt } from '../lib/gallery-steps';
import type { GalleryLabels } from './gallery-labels';

// The enlarged view's code is fetched on first use: most shoppers never open it (decision 106).
const GalleryLightbox = lazy(() => import('./gallery-lightbox'));

interface ProductGalleryProps {
  /** The images, for the lightbox (which renders its own larger files when opened). */
  images: ProductImage[];
  name: string;
  labels: GalleryLabels;
  /** Each image as the strip shows it and as its thumbnail, rendered on the server (gallery-images.tsx, decision 115). */
  slides: ReactNode[];
  thumbs: ReactNode[];
}

const isRtl = (element: Element) => getComputedStyle(element).direction === 'rtl';

/**
 * The product's images as a CSS scroll-snap strip (a phone swipes it natively, with no script), 80x80 thumbnail
 * buttons, and an enlarge button opening the lightbox (decision 106). The first image is the page's largest paint:
 * server-rendered, preloaded, high fetch priority; the others load natively lazily as the strip nears them.
 * Left/right arrows (mirrored in rtl), Home and End move between images while the strip or a thumbnail has focus.
 */
export function ProductGallery({ images, name, labels, slides, thumbs: thumbnails }: ProductGalleryProps) {
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const strip = useRef<HTMLDivElement>(null);
  const thumbs = useRef<HTMLUListElement>(null);
  // While a thumbnail or key scrolls the strip smoothly, the slides passed on the way are not "shown".
  const target = useRef<number | null>(null);

  function show(next: number) {
    setIndex(next);
    const el = strip.current;
    if (!el) return;
    target.current = next;
    const smooth = !matchMedia('(prefers-reduced-motion: reduce)').matches;
    el.scrollTo({ left: (isRtl(el) ? -1 : 1) * next * el.clientWidth, behavior: smooth ? 'smooth' : 'instant' });
  }

  function onScroll() {
    const el = strip.current;
    if (!el) return;
    const at = slideAt(el.scrollLeft, el.clientWidth, images.length);
    if (target.current !== null) {
      if (at !== target.current) return;
      target.current = null;
    }
    if (at !== index) setIndex(at);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const fromThumb = thumbs.current?.contains(event.target as Node) ?? false;
    if (event.key === 'Enter' && event.target === strip.current) {
      event.preventDefault();
      setOpen(true);
      return;
    }
    const next = galleryStep(event.key, index, images.length, isRtl(event.currentTarget));
    if (next === null) return;
    event.preventDefault();
    show(next);
    if (fromThumb) thumbs.current?.querySelectorAll('button')[next]?.focus();
  }

  function close(at: number) {
    setOpen(false);
    if (at !== index) show(at);
  }

  if (!images.length) return <div className="aspect-square rounded-2xl border border-line bg-surface" />;
  const many = images.length > 1;

  return (
    // Keys bubble here from the strip and the thumbnails: "the gallery has focus" is either of them.
    <div className="flex flex-col gap-3" onKeyDown={onKeyDown}>
      <div className="relative">
        <div
          ref={strip}
          onScroll={many ? onScroll : undefined}
          // A scrollable region must be reachable by keyboard (WCAG 2.1.1); Enter on it enlarges the image.
          tabIndex={many ? 0 : undefined}
          role={many ? 'group' : undefined}
          aria-roledescription={many ? labels.carousel : undefined}
          aria-label={many ? labels.gallery : undefined}
          className="flex aspect-square snap-x snap-mandatory overflow-x-auto overscroll-x-contain rounded-2xl border border-line bg-surface [scrollbar-width:none] focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          {images.map((image, i) => (
            <div
              key={image.id}
              className="h-full w-full shrink-0 snap-center snap-always"
              role={many ? 'group' : undefined}
              aria-label={many ? labels.image[i] : undefined}
              aria-hidden={many && i !== index ? true : undefined}
            >
              {slides[i]}
            </div>
          ))}
        </div>
        <button
          type="button"
          onClick={() => setOpen(true)}
          aria-label={labels.enlarge}
          aria-haspopup="dialog"
          className="absolute end-3 bottom-3 grid h-10 w-10 place-items-center rounded-full bg-white/90 text-ink shadow-md hover:bg-white focus-visible:outline-2 focus-visible:outline-brand"
        >
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5" fill="none" stroke="currentColor" strokeWidth="2">
            <circle cx="11" cy="11" r="7" />
            <path d="M20 20l-4-4M11 8v6M8 11h6" />
          </svg>
        </button>
      </div>
      {many ? (
        <ul ref={thumbs} aria-label={labels.thumbnails} className="flex gap-2 overflow-x-auto p-1">
          {images.map((image, i) => (
            <li key={image.id} className="shrink-0">
              <button
                type="button"
                onClick={() => show(i)}
                aria-label={labels.image[i]}
                aria-current={i === index ? 'true' : undefined}
                className={`block h-20 w-20 overflow-hidden rounded-lg border-2 bg-surface ${
                  i === index ? 'border-brand' : 'border-transparent hover:border-line'
                }`}
              >
                {thumbnails[i]}
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {open ? (
        <Suspense fallback={null}>
          <GalleryLightbox images={images} start={index} name={name} labels={labels} onClose={close} />
        </Suspense>
      ) : null}
    </div>
  );
}
