import type { Metadata } from 'next';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import { CategoryForm, type CategoryFormTexts } from '@modules/admin/catalogue/components/category-form';
import { catalogueApi } from '@modules/admin/catalogue/lib/catalogue-api';
import { catalogueTexts } from '@modules/admin/catalogue/lib/texts';
import { EntityList, NewSection } from '@modules/admin/catalogue/templates/entity-list';

export const metadata: Metadata = { title: 'Categories' };

export default async function Page() {
  await requireStaff('/admin/categories');
  const [t, texts, all] = await Promise.all([adminTexts('admin-catalogue'), catalogueTexts<CategoryFormTexts>('categoryForm'), catalogueApi.categories()]);
  const nameOf = new Map(all.map((category) => [category._id, category.name]));
  const rows = all.map((category) => ({
    id: category._id,
    href: `/admin/categories/${category._id}`,
    title: category.name,
    image: category.image,
    detail: t('categories.detail', {
      slug: category.slug,
      parent: category.parentId ? (nameOf.get(category.parentId) ?? '—') : t('categories.top'),
      count: category.productCount,
    }),
    badge: category.featured ? t('categories.featured') : undefined,
  }));
  return (
    <>
      <AdminHeading title={t('categories.title')} intro={t('categories.intro')} />
      <EntityList rows={rows} empty={t('categories.none')} testId="category-list" />
      <NewSection id="new-category" title={t('categories.new')}>
        <CategoryForm category={null} all={all} texts={texts} />
      </NewSection>
    </>
  );
}
