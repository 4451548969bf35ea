import type { ProductSummary } from '@shop/domain/catalogue';
import { ProductCard } from './product-card';

/** Cards in the first row (up to 4 columns) are loaded eagerly: the largest paint is among them. */
const EAGER_CARDS = 4;

/** Products in a responsive grid: 2 columns on phones, 3 on tablets, 4 on desktops. */
export function ProductGrid({ products, label }: { products: ProductSummary[]; label?: string }) {
  return (
    <ul aria-label={label} className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 lg:grid-cols-4">
      {products.map((product, index) => (
        <li key={product._id}>
          <ProductCard product={product} eager={index < EAGER_CARDS} />
        </li>
      ))}
    </ul>
  );
}
