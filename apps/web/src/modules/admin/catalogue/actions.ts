'use server';

import type { AdminBrand, AdminCategory, AdminCoupon, AdminSlider } from '@shop/domain/admin/catalogue';
import { type Image, imageSchema, type MenuItem } from '@shop/domain/catalogue';
import { revalidatePath, updateTag } from 'next/cache';
import { adminApi } from '@lib/api/admin-fetch';
import { shellTags } from '@lib/api/shell';
import { adminCatalogueSchemas as schemas } from './lib/catalogue-api';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { type ActionResult, attempt } from '@modules/admin/lib/result';

/*
 * The catalogue area's writes (issue 7). Each checks the role (the API checks it again), calls the API, then marks
 * stale the storefront caches the change touched, by the tags lib/api/catalogue.ts and lib/api/shell.ts read with:
 * a category or brand rename can change menus' links, so those also refresh the shell.
 */

type Area = 'categories' | 'brands' | 'sliders';
// updateTag, not revalidateTag(tag, 'max'): the next storefront request waits for fresh data instead of being served
// the stale copy once (Next 16's read-your-own-writes for server actions), so the change shows "at once".
const expire = (tag: string) => updateTag(tag);
const refreshShell = () => shellTags.forEach(expire);

function touched(area: Area, slugs: string[] = []) {
  if (area === 'categories') {
    expire('categories');
    for (const slug of slugs) expire(`category:${slug}`);
    // Product pages show their category's name and listings filter by it.
    expire('products');
    refreshShell();
  } else if (area === 'brands') {
    expire('brands');
    expire('products');
    refreshShell();
  } else {
    expire('sliders');
  }
  revalidatePath(`/admin/${area}`);
}

/** Uploads one image (multipart `file`, `alt`) for a category, brand or slide; answers the stored image. */
export async function uploadCatalogueImage(area: Area, form: FormData): Promise<ActionResult<Image>> {
  await requireStaff(`/admin/${area}`);
  const body = new FormData();
  const file = form.get('file');
  if (file instanceof Blob) body.set('file', file);
  const alt = form.get('alt');
  body.set('alt', typeof alt === 'string' ? alt : '');
  return attempt(() => adminApi('POST', `/api/admin/${area}/images`, { body, schema: imageSchema }));
}

export async function saveCategory(id: string | null, values: unknown): Promise<ActionResult<AdminCategory>> {
  await requireStaff('/admin/categories');
  const before = id ? await attempt(() => adminApi('GET', `/api/admin/categories/${encodeURIComponent(id)}`, { schema: schemas.category })) : null;
  const result = await attempt(() =>
    id
      ? adminApi('PUT', `/api/admin/categories/${encodeURIComponent(id)}`, { body: values, schema: schemas.category })
      : adminApi('POST', '/api/admin/categories', { body: values, schema: schemas.category }),
  );
  if (result.ok) touched('categories', [result.value.slug, ...(before?.ok ? [before.value.slug] : [])]);
  return result;
}

export async function deleteCategory(id: string, slug: string): Promise<ActionResult<null>> {
  await requireStaff('/admin/categories');
  const result = await attempt(() => adminApi('DELETE', `/api/admin/categories/${encodeURIComponent(id)}`).then(() => null));
  if (result.ok) touched('categories', [slug]);
  return result;
}

export async function saveBrand(id: string | null, values: unknown): Promise<ActionResult<AdminBrand>> {
  await requireStaff('/admin/brands');
  const result = await attempt(() =>
    id
      ? adminApi('PUT', `/api/admin/brands/${encodeURIComponent(id)}`, { body: values, schema: schemas.brand })
      : adminApi('POST', '/api/admin/brands', { body: values, schema: schemas.brand }),
  );
  if (result.ok) touched('brands');
  return result;
}

export async function deleteBrand(id: string): Promise<ActionResult<null>> {
  await requireStaff('/admin/brands');
  const result = await attempt(() => adminApi('DELETE', `/api/admin/brands/${encodeURIComponent(id)}`).then(() => null));
  if (result.ok) touched('brands');
  return result;
}

export async function saveSlider(id: string | null, values: unknown): Promise<ActionResult<AdminSlider>> {
  await requireStaff('/admin/sliders');
  const result = await attempt(() =>
    id
      ? adminApi('PUT', `/api/admin/sliders/${encodeURIComponent(id)}`, { body: values, schema: schemas.slider })
      : adminApi('POST', '/api/admin/sliders', { body: values, schema: schemas.slider }),
  );
  if (result.ok) touched('sliders');
  return result;
}

export async function deleteSlider(id: string): Promise<ActionResult<null>> {
  await requireStaff('/admin/sliders');
  const result = await attempt(() => adminApi('DELETE', `/api/admin/sliders/${encodeURIComponent(id)}`).then(() => null));
  if (result.ok) touched('sliders');
  return result;
}

export async function saveMenus(values: {
  headerMenu: MenuItem[];
  mobileMenu: MenuItem[];
}): Promise<ActionResult<{ headerMenu: MenuItem[]; mobileMenu: MenuItem[] }>> {
  await requireStaff('/admin/menus');
  const result = await attempt(() => adminApi('PUT', '/api/admin/menus', { body: values, schema: schemas.menus }));
  if (result.ok) {
    refreshShell();
    revalidatePath('/admin/menus');
  }
  return result;
}

/** Coupons are read fresh by the cart's check and by orders: no storefront cache holds them. */
export async function saveCoupon(id: string | null, values: unknown): Promise<ActionResult<AdminCoupon>> {
  await requireStaff('/admin/coupons');
  const result = await attempt(() =>
    id
      ? adminApi('PUT', `/api/admin/coupons/${encodeURIComponent(id)}`, { body: values, schema: schemas.coupon })
      : adminApi('POST', '/api/admin/coupons', { body: values, schema: schemas.coupon }),
  );
  if (result.ok) revalidatePath('/admin/coupons');
  return result;
}

export async function deleteCoupon(id: string): Promise<ActionResult<null>> {
  await requireStaff('/admin/coupons');
  const result = await attempt(() => adminApi('DELETE', `/api/admin/coupons/${encodeURIComponent(id)}`).then(() => null));
  if (result.ok) revalidatePath('/admin/coupons');
  return result;
}
