import type { Metadata } from 'next';
import { getBrands, getCategories } from '@lib/api/catalogue';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminMessages, adminTexts } from '@modules/admin/lib/texts';
import { ProductEdit } from '@modules/admin/products/templates/product-edit';

export const metadata: Metadata = { title: 'New product' };

export default async function Page() {
  await requireStaff('/admin/products/new');
  const [t, messages, categories, brands] = await Promise.all([adminTexts('admin-products'), adminMessages('admin-products'), getCategories(), getBrands()]);
  return <ProductEdit product={undefined} categories={categories} brands={brands} t={t} messages={messages} />;
}
