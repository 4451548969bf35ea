import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { Category } from '@shop/domain/catalogue';
import { CategoryCard } from '@modules/catalogue/components/category-card';

const TILE_SIZES = '(min-width: 1280px) 190px, (min-width: 1024px) 15vw, (min-width: 640px) 23vw, 30vw';

/** "Shop by category": the featured categories as image tiles. */
export function FeaturedCategories({ categories }: { categories: Category[] }) {
  const t = useTranslations('catalogue');
  if (categories.length === 0) return null;
  return (
    <section aria-labelledby="featured-categories" className="py-6 sm:py-8">
      <div className="mb-4 flex items-end justify-between gap-4">
        <h2 id="featured-categories" className="text-2xl font-semibold text-ink sm:text-3xl">
          {t('home.featuredCategories')}
        </h2>
        <Link href="/category" prefetch={false} className="rounded text-sm font-semibold text-brand underline-offset-4 hover:underline">
          {t('home.allCategories')}
        </Link>
      </div>
      <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 sm:gap-4 lg:grid-cols-6">
        {categories.slice(0, 12).map((category) => (
          <li key={category._id}>
            <CategoryCard category={category} sizes={TILE_SIZES} />
          </li>
        ))}
      </ul>
    </section>
  );
}
