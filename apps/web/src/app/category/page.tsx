import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { pageAlternates } from '@modules/layout/locale-alternates';
import { getCategories } from '@lib/api/catalogue';
import { CategoryIndexTemplate } from '@modules/catalogue/templates/category-index';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('catalogue.meta');
  return { title: t('categoriesTitle'), description: t('categoriesDescription'), alternates: await pageAlternates('/category') };
}

export default async function CategoriesPage() {
  const categories = await getCategories();
  return <CategoryIndexTemplate categories={categories} />;
}
