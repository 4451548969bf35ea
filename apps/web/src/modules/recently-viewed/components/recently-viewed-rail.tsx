'use client';

import Link from 'next/link';
import { useEffect, useId, useState } from 'react';
import { readViewed, type ViewedProduct } from '../lib/recently-viewed';

/** Products the rail shows at most (the list keeps a few more, so excluding the current one still fills it). */
const SHOWN = 8;

function Thumbnail({ image }: { image: NonNullable<ViewedProduct['image']> }) {
  // The optimiser's URL was made on the server when the product was viewed (record-view), so this page ships no image
  // helper for it. alt is empty: the link's text names the product.
  return (
    <img
      src={image.src}
      alt=""
      width={image.width}
      height={image.height}
      loading="lazy"
      decoding="async"
      className="aspect-square w-full rounded-lg bg-surface object-cover"
    />
  );
}

/**
 * "Recently viewed" on the home and product pages (issue 24, decision 101): read from this browser's storage after
 * the page has hydrated, so the cached page is the same for everyone and nothing shows until there is something to
 * show. `excludeId` leaves out the product the page is about.
 */
export function RecentlyViewedRail({ title, excludeId }: { title: string; excludeId?: string }) {
  const headingId = useId();
  const [products, setProducts] = useState<ViewedProduct[]>([]);
  useEffect(() => {
    // Read once the page runs in the browser (storage does not exist on the server).
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the stored list is only known after hydration
    setProducts(
      readViewed()
        .filter((product) => product.id !== excludeId)
        .slice(0, SHOWN),
    );
  }, [excludeId]);
  if (products.length === 0) return null;
  return (
    <section aria-labelledby={headingId} className="mt-12 border-t border-line pt-8" data-testid="recently-viewed">
      <h2 id={headingId} className="font-display text-2xl font-semibold text-ink">
        {title}
      </h2>
      <ul className="mt-4 grid grid-cols-3 gap-3 sm:grid-cols-4 lg:grid-cols-8">
        {products.map((product) => (
          <li key={product.id}>
            <Link
              href={`/product/${product.slug}`}
              prefetch={false}
              className="group flex flex-col gap-1.5 rounded-lg focus-visible:outline-2 focus-visible:outline-brand"
            >
              {product.image ? <Thumbnail image={product.image} /> : <span className="aspect-square w-full rounded-lg bg-surface" />}
              <span className="line-clamp-2 text-sm text-ink group-hover:text-brand">{product.name}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
