import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import { deleteCategory } from '@modules/admin/catalogue/actions';
import { CategoryForm, type CategoryFormTexts } from '@modules/admin/catalogue/components/category-form';
import { DeleteButton } from '@modules/admin/catalogue/components/delete-button';
import { catalogueApi, orNull } from '@modules/admin/catalogue/lib/catalogue-api';
import { catalogueTexts } from '@modules/admin/catalogue/lib/texts';

export const metadata: Metadata = { title: 'Category' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireStaff(`/admin/categories/${encodeURIComponent(id)}`);
  const [t, texts, deleteTexts, category, all] = await Promise.all([
    adminTexts('admin-catalogue'),
    catalogueTexts<CategoryFormTexts>('categoryForm'),
    catalogueTexts<{ delete: string; confirm: string; cancel: string; deleted: string }>('delete'),
    orNull(catalogueApi.category(id)),
    catalogueApi.categories(),
  ]);
  if (!category) notFound();
  return (
    <>
      <AdminHeading
        title={category.name}
        intro={t('categories.products', { count: category.productCount })}
        actions={
          <>
            <Link href={`/category/${category.slug}`} className="min-h-11 content-center rounded-full border border-line px-4 font-medium">
              {t('common.view')}
            </Link>
            <Link href="/admin/categories" className="min-h-11 content-center rounded-full border border-line px-4 font-medium">
              {t('common.back')}
            </Link>
          </>
        }
      />
      <CategoryForm category={category} all={all} texts={texts} />
      <div className="mt-8 border-t border-line pt-6">
        <DeleteButton run={deleteCategory.bind(null, category._id, category.slug)} texts={deleteTexts} redirectTo="/admin/categories" />
      </div>
    </>
  );
}
