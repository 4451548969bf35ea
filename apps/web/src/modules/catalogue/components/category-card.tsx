import Link from 'next/link';
import type { Category } from '@shop/domain/catalogue';
import { ShopText } from '@modules/common/components/shop-text';
import { StaticImage } from '@modules/common/components/static-image';

/** Square image tile with the category's name; the whole tile is the link. */
export function CategoryCard({ category, sizes }: { category: Category; sizes: string }) {
  return (
    <Link
      href={`/category/${category.slug}`}
      // Not prefetched on viewport entry, like the product cards (decision 018).
      prefetch={false}
      className="group flex flex-col items-center gap-2 rounded-xl text-center focus-visible:outline-offset-4"
    >
      <span className="block aspect-square w-full overflow-hidden rounded-xl border border-line bg-surface">
        {category.image ? (
          <StaticImage
            src={category.image.original}
            alt=""
            width={category.image.width}
            height={category.image.height}
            sizes={sizes}
            maxWidth={640}
            className="h-full w-full object-cover transition-transform duration-300 group-hover:scale-[1.04]"
          />
        ) : null}
      </span>
      <span className="text-sm font-medium text-ink group-hover:text-brand">
        <ShopText>{category.name}</ShopText>
      </span>
    </Link>
  );
}
