'use server';

import { taxIdentityViewSchema } from '@shop/domain/gst/tax-identity';
import { revalidatePath } from 'next/cache';
import { adminApi } from '@lib/api/admin-fetch';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { type ActionResult, attempt } from '@modules/admin/lib/result';

/** Saves the shop's GST registration (admins only; the API checks the role and every field again). */
export async function saveTaxIdentity(values: unknown): Promise<ActionResult<unknown>> {
  await requireStaff('/admin/settings', 'admin');
  const result = await attempt(() => adminApi('PUT', '/api/admin/settings/tax', { body: values, schema: taxIdentityViewSchema }));
  if (result.ok) revalidatePath('/admin/settings');
  return result;
}
