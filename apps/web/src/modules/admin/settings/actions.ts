'use server';

import { type AdminSettings, adminSettingsSchema } from '@shop/domain/admin/settings';
import { type Image, imageSchema } from '@shop/domain/catalogue';
import { revalidatePath, updateTag } from 'next/cache';
import { adminApi } from '@lib/api/admin-fetch';
import { shellTags } from '@lib/api/shell';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { type ActionResult, attempt } from '@modules/admin/lib/result';

/**
 * Saves the site settings (admins only; the API checks again). The shop's shell (header, footer, contact page,
 * shipping note, third-party ids) reads them through GET /api/headers under the shell's tags, so those are expired;
 * the cart's shipping rules come from the same answer.
 */
export async function saveSettings(values: unknown): Promise<ActionResult<AdminSettings>> {
  await requireStaff('/admin/settings', 'admin');
  const result = await attempt(() => adminApi('PUT', '/api/admin/settings', { body: values, schema: adminSettingsSchema }));
  if (result.ok) {
    // updateTag: the next page waits for fresh settings instead of showing the stale copy once.
    for (const tag of shellTags) updateTag(tag);
    revalidatePath('/admin/settings');
  }
  return result;
}

export async function uploadLogo(form: FormData): Promise<ActionResult<Image>> {
  await requireStaff('/admin/settings', 'admin');
  const body = new FormData();
  const file = form.get('file');
  if (file instanceof Blob) body.set('file', file);
  body.set('alt', 'Logo');
  return attempt(() => adminApi('POST', '/api/admin/settings/logo', { body, schema: imageSchema }));
}
