import type { Metadata } from 'next';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { AdminHeading } from '@modules/admin/templates/admin-layout';
import { MenuEditor, type MenuEditorTexts } from '@modules/admin/catalogue/components/menu-editor';
import { catalogueApi } from '@modules/admin/catalogue/lib/catalogue-api';
import { catalogueTexts } from '@modules/admin/catalogue/lib/texts';

export const metadata: Metadata = { title: 'Menus' };

export default async function Page() {
  await requireStaff('/admin/menus');
  const [t, texts, menus] = await Promise.all([adminTexts('admin-catalogue'), catalogueTexts<MenuEditorTexts>('menuEditor'), catalogueApi.menus()]);
  return (
    <>
      <AdminHeading title={t('menus.title')} intro={t('menus.intro')} />
      <MenuEditor initial={{ headerMenu: menus.headerMenu, mobileMenu: menus.mobileMenu }} texts={texts} />
    </>
  );
}
