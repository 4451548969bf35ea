import Link from 'next/link';
import type { Category } from '@shop/domain/catalogue';
import { ShopText } from '@modules/common/components/shop-text';

/** Links to a category's children as a row of pills that scrolls sideways on phones. */
export function SubcategoryChips({ items, label }: { items: Category[]; label: string }) {
  if (items.length === 0) return null;
  return (
    <nav aria-label={label} className="-mx-4 mt-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex gap-2 sm:flex-wrap">
        {items.map((item) => (
          <li key={item._id} className="shrink-0">
            <Link
              href={`/category/${item.slug}`}
              // Not prefetched on viewport entry, like the cards (decision 018).
              prefetch={false}
              className="inline-flex h-9 items-center rounded-full border border-line bg-white px-4 text-sm whitespace-nowrap text-ink hover:border-brand hover:text-brand"
            >
              <ShopText>{item.name}</ShopText>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
