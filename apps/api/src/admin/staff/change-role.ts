import { type Database, user as users } from '@shop/db';
import { type AccountRef, type AccountRole, demotionRefusal, type StaffMember } from '@shop/domain/admin/staff';
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { recordAudit } from '../audit.ts';
import { visibleEmail } from '../../auth/phone.ts';
import type { RequestUser } from '../../auth/request-user.ts';
import { fieldRefusal, Refusal } from '../../lib/refusal.ts';

type UserRow = typeof users.$inferSelect;

function staffMemberView(row: Pick<UserRow, 'id' | 'name' | 'email' | 'phoneNumber' | 'role' | 'createdAt'>): StaffMember {
  return {
    _id: row.id,
    name: row.name,
    email: visibleEmail(row.email),
    mobile: row.phoneNumber ?? null,
    role: row.role as AccountRole,
    createdAt: row.createdAt.toISOString(),
  };
}

/** Staff and admin accounts, admins first, then by name. */
export async function listStaff(db: Database): Promise<StaffMember[]> {
  const rows = await db
    .select()
    .from(users)
    .where(inArray(users.role, ['staff', 'admin']))
    .orderBy(asc(users.role), asc(users.name), asc(users.id));
  return rows.map(staffMemberView);
}

/** `target`: the account's id (from the staff list) or how the admin named it (email or mobile number). */
type RoleTarget = { id: string } | AccountRef;

function whereTarget(target: RoleTarget) {
  if ('id' in target) return eq(users.id, target.id);
  if ('email' in target) return sql`lower(${users.email}) = ${target.email}`;
  return eq(users.phoneNumber, target.phoneNumber);
}

/**
 * Gives an account a role, in one transaction with its audit row. Every admin row is locked first (always in id
 * order, so two changes cannot deadlock), then the target: two admins demoting each other at once are serialised
 * and the second finds one admin left (409), so the shop can never end up without one. The role is read from the
 * user row on every request (auth/request-user.ts), so the change holds from the next request on. Refuses with
 * `forbidden`, `staff_user_not_found`, `staff_account_not_found` (on `account`) or a demotion code (on `role`).
 */
export async function changeRole(db: Database, actor: RequestUser, target: RoleTarget, role: AccountRole): Promise<StaffMember> {
  return db.transaction(async (tx) => {
    const admins = await tx.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id)).for('update');
    // The caller passed the admin check before this transaction; another admin may have demoted them since.
    if (!admins.some((admin) => admin.id === actor.id)) throw new Refusal('forbidden');
    const [current] = await tx.select().from(users).where(whereTarget(target)).limit(1).for('update');
    if (!current) throw 'id' in target ? new Refusal('staff_user_not_found') : fieldRefusal('account', 'staff_account_not_found');
    const refusal = demotionRefusal({ actorId: actor.id, targetId: current.id, targetRole: current.role as AccountRole, newRole: role, admins: admins.length });
    if (refusal) throw fieldRefusal('role', refusal);
    if (current.role === role) return staffMemberView(current);
    const [updated] = await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, current.id)).returning();
    const member = staffMemberView(updated as UserRow);
    await recordAudit(tx, actor, {
      action: 'user.role',
      entityType: 'user',
      entityId: current.id,
      before: { role: current.role, name: member.name, email: member.email, mobile: member.mobile },
      after: { role, name: member.name, email: member.email, mobile: member.mobile },
    });
    return member;
  });
}
