import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import { deleteSlider } from '@modules/admin/catalogue/actions';
import { DeleteButton } from '@modules/admin/catalogue/components/delete-button';
import { SliderForm, type SliderFormTexts } from '@modules/admin/catalogue/components/slider-form';
import { catalogueApi, orNull } from '@modules/admin/catalogue/lib/catalogue-api';
import { catalogueTexts } from '@modules/admin/catalogue/lib/texts';

export const metadata: Metadata = { title: 'Slide' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireStaff(`/admin/sliders/${encodeURIComponent(id)}`);
  const [t, texts, deleteTexts, slider] = await Promise.all([
    adminTexts('admin-catalogue'),
    catalogueTexts<SliderFormTexts>('sliderForm'),
    catalogueTexts<{ delete: string; confirm: string; cancel: string; deleted: string }>('delete'),
    orNull(catalogueApi.slider(id)),
  ]);
  if (!slider) notFound();
  return (
    <>
      <AdminHeading
        title={slider.title}
        actions={
          <Link href="/admin/sliders" className="min-h-11 content-center rounded-full border border-line px-4 font-medium">
            {t('common.back')}
          </Link>
        }
      />
      <SliderForm slider={slider} texts={texts} />
      <div className="mt-8 border-t border-line pt-6">
        <DeleteButton run={deleteSlider.bind(null, slider._id)} texts={deleteTexts} redirectTo="/admin/sliders" />
      </div>
    </>
  );
}
