import type { ProductSummary } from '@shop/domain/catalogue';
import { ProductCard } from './product-card';

/**
 * Cards in a phone's first row load at once, the first one preloaded: it is the largest paint on a phone. The rest of a
 * desktop's first row loads lazily (still at once, being in view): on a phone those requests only slowed the first card.
 */
const EAGER_CARDS = 2;
/** Cards in the first row (up to 4 columns) are laid out at once; later ones when they near the viewport. */
const LAID_OUT_CARDS = 4;

/** Products in a responsive grid: 2 columns on phones, 3 on tablets, 4 on desktops. */
export function ProductGrid({ products, label }: { products: ProductSummary[]; label?: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
      {products.map((product, index) => (
        // Cards past the first row: the browser skips their style and layout until they near the viewport
        // (content-visibility), to shorten the category page's first layout (decision 027 addendum).
        <li key={product._id} className={index < LAID_OUT_CARDS ? undefined : 'product-grid-later'}>
          <ProductCard product={product} eager={index < EAGER_CARDS} preload={index === 0} />
        </li>
      ))}
    </ul>
  );
}
