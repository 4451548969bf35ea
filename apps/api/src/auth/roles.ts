import { userRoles, type UserRole } from '@shop/db';
import { createAccessControl } from 'better-auth/plugins/access';
import { adminAc, defaultStatements } from 'better-auth/plugins/admin/access';

/**
 * The three roles of the shop. better-auth's admin plugin needs them as access-control roles; with
 * custom roles its built-in "user" role no longer exists, so `customer` is the default role.
 * Staff get no user-management rights yet: the back office (a later issue) adds its own statements.
 */
export const accessControl = createAccessControl({ ...defaultStatements });

export const roles = {
  customer: accessControl.newRole({ user: [], session: [] }),
  staff: accessControl.newRole({ user: [], session: [] }),
  admin: accessControl.newRole(adminAc.statements),
} satisfies Record<UserRole, unknown>;

export { userRoles, type UserRole };

function isUserRole(value: unknown): value is UserRole {
  return typeof value === 'string' && (userRoles as readonly string[]).includes(value);
}

/** Role ranks: requireRole('staff') lets admins in too. */
const rank: Record<UserRole, number> = { customer: 0, staff: 1, admin: 2 };

export function hasRole(actual: string, needed: UserRole): boolean {
  return isUserRole(actual) && rank[actual] >= rank[needed];
}
