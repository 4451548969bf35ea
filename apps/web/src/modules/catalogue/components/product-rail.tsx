import Link from 'next/link';
import type { ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import type { ProductSummary } from '@shop/domain/catalogue';
import { ProductCard } from './product-card';

/** Cards in a rail are narrower than in the grid: ~45% of a phone, a fifth of a desktop row. */
const RAIL_IMAGE_SIZES = '(min-width: 1280px) 232px, (min-width: 1024px) 19vw, (min-width: 640px) 30vw, 44vw';

interface ProductRailProps {
  id: string;
  title: string;
  products: ProductSummary[];
  /** "View all" target, usually a filtered /shop. */
  href?: string;
  /** Extra content beside the title, e.g. the flash-sale countdown. */
  aside?: ReactNode;
}

/**
 * A titled row of products that scrolls sideways on small screens (scroll-snap, no script).
 * No content-visibility: rails arrive as the shopper scrolls near them (DeferredRails), often while in view, and a
 * rail laid out first at a guessed size and then at its own moved the footer by 142 px and back (decision 136).
 */
export function ProductRail({ id, title, products, href, aside }: ProductRailProps) {
  const t = useTranslations('catalogue.rails');
  if (products.length === 0) return null;
  const headingId = `${id}-title`;
  return (
    <section aria-labelledby={headingId} className="py-6 sm:py-8">
      <div className="mb-4 flex flex-wrap items-end justify-between gap-x-4 gap-y-2">
        <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
          <h2 id={headingId} className="text-2xl font-semibold text-ink sm:text-3xl">
            {title}
          </h2>
          {aside}
        </div>
        {href ? (
          <Link
            href={href}
            // Not prefetched on viewport entry, like the cards (decision 018).
            prefetch={false}
            className="rounded text-sm font-semibold text-brand underline-offset-4 hover:underline"
            aria-label={t('viewAllOf', { title })}
          >
            {t('viewAll')}{' '}
            <span aria-hidden="true" className="inline-block rtl:rotate-180">
              →
            </span>
          </Link>
        ) : null}
      </div>
      <ul className="-mx-4 grid snap-x snap-mandatory auto-cols-[44%] grid-flow-col gap-3 overflow-x-auto scroll-px-4 px-4 pb-2 [scrollbar-width:thin] sm:mx-0 sm:auto-cols-[30%] sm:gap-4 sm:scroll-px-0 sm:px-0 lg:auto-cols-[calc((100%-4rem)/5)]">
        {products.map((product) => (
          <li key={product._id} className="snap-start">
            <ProductCard product={product} sizes={RAIL_IMAGE_SIZES} quickView={false} />
          </li>
        ))}
      </ul>
    </section>
  );
}
