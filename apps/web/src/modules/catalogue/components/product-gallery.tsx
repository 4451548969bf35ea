'use client';

import { useState, type KeyboardEvent } from 'react';
import type { Image as ProductImage } from '@shop/domain/catalogue';
import { StaticImage } from '@modules/common/components/static-image';

interface ProductGalleryProps {
  images: ProductImage[];
  name: string;
  labels: { gallery: string; show: string[] };
}

/** Main image at up to ~640px wide on desktop, full width on phones. */
const MAIN_SIZES = '(min-width: 1280px) 640px, (min-width: 1024px) 52vw, 100vw';

/**
 * Main image (preloaded: it is the page's largest paint) and 80x80 thumbnail buttons. Thumbnails are
 * ordinary buttons (Tab, Enter, Space) and the arrow keys move between them.
 */
export function ProductGallery({ images, name, labels }: ProductGalleryProps) {
  const [index, setIndex] = useState(0);
  const main = images[index] ?? images[0];

  function onKeyDown(event: KeyboardEvent<HTMLUListElement>) {
    const step = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 }[event.key];
    if (!step) return;
    event.preventDefault();
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const horizontal = event.key === 'ArrowLeft' || event.key === 'ArrowRight';
    const next = (index + (rtl && horizontal ? -step : step) + images.length) % images.length;
    setIndex(next);
    event.currentTarget.querySelectorAll('button')[next]?.focus();
  }

  return (
    <div className="flex flex-col gap-3">
      <div className="relative aspect-square overflow-hidden rounded-2xl border border-line bg-surface">
        {main ? (
          <StaticImage
            key={main.id}
            src={main.original}
            alt={main.alt ?? name}
            width={main.width}
            height={main.height}
            sizes={MAIN_SIZES}
            preload={index === 0}
            maxWidth={1920}
            className="h-full w-full object-cover"
          />
        ) : null}
      </div>
      {images.length > 1 ? (
        <ul aria-label={labels.gallery} className="flex gap-2 overflow-x-auto pb-1" onKeyDown={onKeyDown}>
          {images.map((image, i) => (
            <li key={image.id} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={labels.show[i]}
                aria-current={i === index ? 'true' : undefined}
                className={`block h-20 w-20 overflow-hidden rounded-lg border-2 bg-surface ${
                  i === index ? 'border-brand' : 'border-transparent hover:border-line'
                }`}
              >
                <StaticImage src={image.thumbnail ?? image.original} alt="" width={80} height={80} sizes="80px" className="h-full w-full object-cover" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
