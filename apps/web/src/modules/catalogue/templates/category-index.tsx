import Link from 'next/link';
import { useTranslations } from 'next-intl';
import type { Category } from '@shop/domain/catalogue';
import { Breadcrumbs } from '@modules/common/components/breadcrumbs';
import { Container } from '@modules/common/components/container';
import { ShopText } from '@modules/common/components/shop-text';
import { CategoryCard } from '../components/category-card';

const TILE_SIZES = '(min-width: 1280px) 190px, (min-width: 1024px) 15vw, (min-width: 640px) 23vw, 30vw';

/** /category: every top-level category with its children as image tiles. */
export function CategoryIndexTemplate({ categories }: { categories: Category[] }) {
  const t = useTranslations('catalogue');
  const parents = categories.filter((c) => !c.parent);
  return (
    <Container className="py-6 sm:py-8">
      <Breadcrumbs items={[{ label: t('breadcrumbs.home'), href: '/' }, { label: t('breadcrumbs.categories') }]} />
      <h1 className="mt-4 mb-8 text-3xl font-semibold text-ink sm:text-4xl">{t('category.allTitle')}</h1>
      <div className="flex flex-col gap-10">
        {parents.map((parent) => {
          const children = categories.filter((c) => c.parent?._id === parent._id);
          const tiles = children.length ? children : [parent];
          return (
            <section key={parent._id} aria-labelledby={`cat-${parent.slug}`}>
              <div className="mb-4 flex items-end justify-between gap-4 border-b border-line pb-2">
                <h2 id={`cat-${parent.slug}`} className="text-2xl font-semibold text-ink">
                  <ShopText>{parent.name}</ShopText>
                </h2>
                <Link
                  prefetch={false}
                  href={`/category/${parent.slug}`}
                  className="rounded text-sm font-semibold text-brand underline-offset-4 hover:underline"
                  aria-label={t('rails.viewAllOf', { title: parent.name })}
                >
                  {t('rails.viewAll')}
                </Link>
              </div>
              <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4 sm:gap-4 lg:grid-cols-6">
                {tiles.map((category) => (
                  <li key={category._id}>
                    <CategoryCard category={category} sizes={TILE_SIZES} />
                  </li>
                ))}
              </ul>
            </section>
          );
        })}
      </div>
    </Container>
  );
}
