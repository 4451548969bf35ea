import type { Metadata } from 'next';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import { BrandForm, type BrandFormTexts } from '@modules/admin/catalogue/components/brand-form';
import { catalogueApi } from '@modules/admin/catalogue/lib/catalogue-api';
import { catalogueTexts } from '@modules/admin/catalogue/lib/texts';
import { EntityList, NewSection } from '@modules/admin/catalogue/templates/entity-list';

export const metadata: Metadata = { title: 'Brands' };

export default async function Page() {
  await requireStaff('/admin/brands');
  const [t, texts, brands] = await Promise.all([adminTexts('admin-catalogue'), catalogueTexts<BrandFormTexts>('brandForm'), catalogueApi.brands()]);
  const rows = brands.map((brand) => ({
    id: brand._id,
    href: `/admin/brands/${brand._id}`,
    title: brand.name,
    image: brand.image,
    detail: t('brands.detail', { slug: brand.slug, count: brand.productCount }),
  }));
  return (
    <>
      <AdminHeading title={t('brands.title')} intro={t('brands.intro')} />
      <EntityList rows={rows} empty={t('brands.none')} testId="brand-list" />
      <NewSection id="new-brand" title={t('brands.new')}>
        <BrandForm brand={null} texts={texts} />
      </NewSection>
    </>
  );
}
