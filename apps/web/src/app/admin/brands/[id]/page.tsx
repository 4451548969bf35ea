import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import { deleteBrand } from '@modules/admin/catalogue/actions';
import { BrandForm, type BrandFormTexts } from '@modules/admin/catalogue/components/brand-form';
import { DeleteButton } from '@modules/admin/catalogue/components/delete-button';
import { catalogueApi, orNull } from '@modules/admin/catalogue/lib/catalogue-api';
import { catalogueTexts } from '@modules/admin/catalogue/lib/texts';

export const metadata: Metadata = { title: 'Brand' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireStaff(`/admin/brands/${encodeURIComponent(id)}`);
  const [t, texts, deleteTexts, brand] = await Promise.all([
    adminTexts('admin-catalogue'),
    catalogueTexts<BrandFormTexts>('brandForm'),
    catalogueTexts<{ delete: string; confirm: string; cancel: string; deleted: string }>('delete'),
    orNull(catalogueApi.brand(id)),
  ]);
  if (!brand) notFound();
  return (
    <>
      <AdminHeading
        title={brand.name}
        intro={t('brands.products', { count: brand.productCount })}
        actions={
          <Link href="/admin/brands" className="min-h-11 content-center rounded-full border border-line px-4 font-medium">
            {t('common.back')}
          </Link>
        }
      />
      <BrandForm brand={brand} texts={texts} />
      <div className="mt-8 border-t border-line pt-6">
        <DeleteButton run={deleteBrand.bind(null, brand._id)} texts={deleteTexts} redirectTo="/admin/brands" />
      </div>
    </>
  );
}
