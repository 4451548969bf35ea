import type { Metadata } from 'next';
import { getBrands, getCategories } from '@lib/api/catalogue';
import { readList } from '@modules/admin/lib/list-read';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { adminTexts } from '@modules/admin/lib/texts';
import { filterValues, getAdminProducts } from '@modules/admin/products/lib/products-api';
import { ProductsList } from '@modules/admin/products/templates/products-list';
import { FormMessage } from '@modules/auth/components/form-controls';

export const metadata: Metadata = { title: 'Products' };

/** The back office's product list; the filters live in the URL (a GET form). */
export default async function Page({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  await requireStaff('/admin/products');
  const [t, params, categories, brands] = await Promise.all([adminTexts('admin-products'), searchParams, getCategories(), getBrands()]);
  const values = filterValues(params);
  const { list, refusal } = await readList(() => getAdminProducts(values), { data: [], total: 0, page: 1, limit: 25, hasMore: false });
  return (
    <>
      {refusal ? <FormMessage tone="error">{refusal}</FormMessage> : null}
      <ProductsList list={list} values={values} categories={categories} brands={brands} t={t} />
    </>
  );
}
