import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { ApiError } from '@lib/api/admin-fetch';
import { getBrands, getCategories } from '@lib/api/catalogue';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminMessages, adminTexts } from '@modules/admin/lib/texts';
import { getAdminProduct, getPersonalisationTemplate } from '@modules/admin/products/lib/products-api';
import { ProductEdit } from '@modules/admin/products/templates/product-edit';

export const metadata: Metadata = { title: 'Edit product' };

export default async function Page({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireStaff(`/admin/products/${encodeURIComponent(id)}`);
  const [t, messages, categories, brands] = await Promise.all([adminTexts('admin-products'), adminMessages('admin-products'), getCategories(), getBrands()]);
  const product = await getAdminProduct(id).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) notFound();
    throw error;
  });
  const template = await getPersonalisationTemplate(id);
  return <ProductEdit product={product} categories={categories} brands={brands} t={t} messages={messages} template={template} />;
}
