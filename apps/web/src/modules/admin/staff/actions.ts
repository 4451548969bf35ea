'use server';

import { type StaffMember, staffMemberSchema } from '@shop/domain/admin/staff';
import { revalidatePath } from 'next/cache';
import { adminApi } from '@lib/api/admin-fetch';
import { requireStaff } from '@modules/admin/lib/require-staff';
import { type ActionResult, attempt } from '@modules/admin/lib/result';

/*
 * Staff accounts (admins only). The API decides everything (the account exists, an admin keeps their own role, the
 * shop keeps an admin) and answers 404/409 with the field to show the message beside. The role is read on every
 * request, so nothing in the storefront's caches needs expiring.
 */

export async function grantRole(values: unknown): Promise<ActionResult<StaffMember>> {
  await requireStaff('/admin/staff', 'admin');
  const result = await attempt(() => adminApi('POST', '/api/admin/staff', { body: values, schema: staffMemberSchema }));
  if (result.ok) revalidatePath('/admin/staff');
  return result;
}

export async function changeRole(id: string, role: string): Promise<ActionResult<StaffMember>> {
  await requireStaff('/admin/staff', 'admin');
  const result = await attempt(() => adminApi('PUT', `/api/admin/staff/${encodeURIComponent(id)}/role`, { body: { role }, schema: staffMemberSchema }));
  if (result.ok) revalidatePath('/admin/staff');
  return result;
}
