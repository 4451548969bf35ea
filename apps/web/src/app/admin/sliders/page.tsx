import type { Metadata } from 'next';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import { SliderForm, type SliderFormTexts } from '@modules/admin/catalogue/components/slider-form';
import { catalogueApi } from '@modules/admin/catalogue/lib/catalogue-api';
import { catalogueTexts } from '@modules/admin/catalogue/lib/texts';
import { EntityList, NewSection } from '@modules/admin/catalogue/templates/entity-list';

export const metadata: Metadata = { title: 'Sliders' };

export default async function Page() {
  await requireStaff('/admin/sliders');
  const [t, texts, sliders] = await Promise.all([adminTexts('admin-catalogue'), catalogueTexts<SliderFormTexts>('sliderForm'), catalogueApi.sliders()]);
  const rows = sliders.map((slider) => ({
    id: slider._id,
    href: `/admin/sliders/${slider._id}`,
    title: slider.title,
    image: slider.image,
    detail: t('sliders.detail', { link: slider.link, position: slider.position }),
    badge: slider.active ? undefined : t('common.inactive'),
  }));
  return (
    <>
      <AdminHeading title={t('sliders.title')} intro={t('sliders.intro')} />
      <EntityList rows={rows} empty={t('sliders.none')} testId="slider-list" />
      <NewSection id="new-slider" title={t('sliders.new')}>
        <SliderForm slider={null} texts={texts} />
      </NewSection>
    </>
  );
}
