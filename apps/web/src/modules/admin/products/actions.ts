'use server';

import {
  type AdminProduct,
  adminProductSchema,
  type GalleryRequest,
  galleryRequestSchema,
  type ImportResult,
  type ProductInput,
  productInputSchema,
} from '@shop/domain/admin/products';
import { type PersonalisationTemplate, type TemplateInput, personalisationTemplateSchema, templateInputSchema } from '@shop/domain/gift/personalisation';
import { revalidatePath } from 'next/cache';
import { adminApi } from '@lib/api/admin-fetch';
import { type ActionResult, attempt, localRefusal } from '@modules/admin/lib/result';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { productsApiPath } from './lib/products-api';
import { revalidateProducts } from './lib/revalidate';

const path = (id: string) => `${productsApiPath}/${encodeURIComponent(id)}`;

/** The storefront tags a change touched: the product as it was and as it is (slug or category may have changed). */
function touched(before: AdminProduct | null, after: AdminProduct | null): void {
  const list = [before, after].flatMap((p) => (p ? [{ slug: p.slug, categorySlug: p.category.slug }] : []));
  revalidateProducts(list);
  revalidatePath('/admin/products');
}

/** Creates (id null) or replaces a product; the API checks everything again. */
export async function saveProduct(id: string | null, values: ProductInput): Promise<ActionResult<AdminProduct>> {
  await requireStaff(id ? `/admin/products/${id}` : '/admin/products/new');
  const parsed = productInputSchema.safeParse(values);
  if (!parsed.success) return localRefusal(parsed.error);
  return attempt(async () => {
    const before = id ? await adminApi('GET', path(id), { schema: adminProductSchema }) : null;
    const after = await adminApi(id ? 'PUT' : 'POST', id ? path(id) : productsApiPath, { body: parsed.data, schema: adminProductSchema });
    touched(before, after);
    if (id) revalidatePath(`/admin/products/${id}`);
    return after;
  });
}

export async function setPublished(id: string, published: boolean): Promise<ActionResult<AdminProduct>> {
  await requireStaff(`/admin/products/${id}`);
  return attempt(async () => {
    const after = await adminApi('POST', `${path(id)}/publish`, { body: { published }, schema: adminProductSchema });
    touched(null, after);
    revalidatePath(`/admin/products/${id}`);
    return after;
  });
}

export async function deleteProduct(id: string): Promise<ActionResult<null>> {
  await requireStaff(`/admin/products/${id}`);
  return attempt(async () => {
    const before = await adminApi('GET', path(id), { schema: adminProductSchema });
    await adminApi('DELETE', path(id));
    touched(before, null);
    return null;
  });
}

/**
 * After the browser uploaded images straight to the API (components/image-manager.tsx: a server action's body is
 * limited to 1 MB, photos are up to 10 MB): the product as it now is, and the storefront's tags expired.
 */
export async function imagesUploaded(id: string): Promise<ActionResult<AdminProduct>> {
  await requireStaff(`/admin/products/${id}`);
  return attempt(async () => {
    const after = await adminApi('GET', path(id), { schema: adminProductSchema });
    touched(null, after);
    revalidatePath(`/admin/products/${id}`);
    return after;
  });
}

export async function saveGallery(id: string, gallery: GalleryRequest): Promise<ActionResult<AdminProduct>> {
  await requireStaff(`/admin/products/${id}`);
  const parsed = galleryRequestSchema.safeParse(gallery);
  if (!parsed.success) return localRefusal(parsed.error);
  return attempt(async () => {
    const after = await adminApi('PUT', `${path(id)}/images`, { body: parsed.data, schema: adminProductSchema });
    touched(null, after);
    revalidatePath(`/admin/products/${id}`);
    return after;
  });
}

/**
 * After the browser sent a CSV file straight to the API's import (components/import-form.tsx: a server action's body
 * is capped at 1 MB, a file may be 5 MB): expires the storefront's tags of every product the import wrote.
 */
export async function productsImported(result: ImportResult): Promise<void> {
  await requireStaff('/admin/products/import');
  if (result.dryRun) return;
  // Category pages are tagged 'products' too (lib/api/catalogue.ts), so expiring it refreshes them.
  revalidateProducts([...result.created, ...result.updated].slice(0, 1_000).map((slug) => ({ slug })));
  revalidatePath('/admin/products');
}

/**
 * Saves a product's personalisation template (issue 24, decision 107); the API checks the geometry again against the
 * base photo's pixels. Expires the product page, which serves the template with the product.
 */
export async function savePersonalisationTemplate(id: string, values: TemplateInput): Promise<ActionResult<PersonalisationTemplate>> {
  await requireStaff(`/admin/products/${id}`);
  const parsed = templateInputSchema.safeParse(values);
  if (!parsed.success) return localRefusal(parsed.error);
  return attempt(async () => {
    const saved = await adminApi('PUT', `${path(id)}/personalisation`, { body: parsed.data, schema: personalisationTemplateSchema });
    touched(null, await adminApi('GET', path(id), { schema: adminProductSchema }));
    return saved;
  });
}

export async function deletePersonalisationTemplate(id: string): Promise<ActionResult<null>> {
  await requireStaff(`/admin/products/${id}`);
  return attempt(async () => {
    await adminApi('DELETE', `${path(id)}/personalisation`);
    touched(null, await adminApi('GET', path(id), { schema: adminProductSchema }));
    return null;
  });
}
