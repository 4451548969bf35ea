import 'server-only';
import { notFound, redirect } from 'next/navigation';
import { getViewer, type UserProfile } from '@lib/api/user';
import { signInPathFor } from '@modules/auth/lib/safe-next';

export type StaffRole = 'staff' | 'admin';

/**
 * The back office's page gate (the API checks every call again): an anonymous visitor signs in and comes back; a
 * customer, or staff on an admin-only page, gets the 404 page, so the back office does not advertise itself.
 */
export async function requireStaff(path: string, role: StaffRole = 'staff'): Promise<UserProfile & { role: StaffRole }> {
  const viewer = await getViewer();
  if (!viewer) redirect(signInPathFor(path));
  return asStaff(viewer, role);
}

/** A signed-in viewer as staff (or admin, when `role` is 'admin'); anyone else gets the 404 page. */
export function asStaff(viewer: UserProfile, role: StaffRole = 'staff'): UserProfile & { role: StaffRole } {
  if (!canSee(viewer.role, role)) notFound();
  return viewer as UserProfile & { role: StaffRole };
}

export function canSee(actual: string, needed: StaffRole): boolean {
  return needed === 'staff' ? actual === 'staff' || actual === 'admin' : actual === 'admin';
}
