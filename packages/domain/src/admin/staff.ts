import { z } from 'zod';
import { calendarDateSchema } from '../calendar-schemas.ts';
import { coded } from '../field-errors.ts';
import { normaliseIndianMobile } from '../phone.ts';
import { maxOf } from './fixed.ts';

/**
 * Staff accounts and the audit log viewer (issue 7, admins only). An admin gives an existing account (found by its
 * email or mobile number) the staff or admin role, or takes it back (customer). The shop always keeps one admin,
 * and an admin cannot take away their own admin role (409 for both): nobody can lock the shop out of its settings.
 */

export const accountRoles = ['customer', 'staff', 'admin'] as const;
export type AccountRole = (typeof accountRoles)[number];

/** How an admin names an account: an email address (any case) or an Indian mobile number typed any common way. */
export type AccountRef = { email: string } | { phoneNumber: string };

export function parseAccountRef(input: string): AccountRef | null {
  const value = input.trim();
  if (value.includes('@')) return z.email().safeParse(value).success ? { email: value.toLowerCase() } : null;
  const phone = normaliseIndianMobile(value);
  return phone ? { phoneNumber: phone } : null;
}

export const grantRoleRequestSchema = z.object({
  account: z
    .string({ error: coded('staff_account_required') })
    .trim()
    .min(1, { error: coded('staff_account_required') })
    .max(254, { error: coded('staff_account_invalid') })
    .refine((value) => parseAccountRef(value) !== null, { error: coded('staff_account_invalid') }),
  role: z.enum(['staff', 'admin'], { error: coded('staff_grant_role_invalid') }),
});
export type GrantRoleRequest = z.input<typeof grantRoleRequestSchema>;

export const changeRoleRequestSchema = z.object({
  role: z.enum(accountRoles, { error: coded('staff_role_invalid') }),
});

export const staffMemberSchema = z.object({
  _id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
  mobile: z.string().nullable(),
  role: z.enum(accountRoles),
  createdAt: z.string(),
});
export type StaffMember = z.infer<typeof staffMemberSchema>;

/** Whether taking `target`'s admin role away is allowed; the code of the 409 when it is not. */
export function demotionRefusal(input: {
  actorId: string;
  targetId: string;
  targetRole: AccountRole;
  newRole: AccountRole;
  admins: number;
}): 'staff_demotion_self' | 'staff_demotion_last_admin' | null {
  if (input.targetRole !== 'admin' || input.newRole === 'admin') return null;
  if (input.actorId === input.targetId) return 'staff_demotion_self';
  if (input.admins <= 1) return 'staff_demotion_last_admin';
  return null;
}

/* ---------- Audit log viewer ---------- */

/** A UTC day (YYYY-MM-DD), a real date in the shop's years (calendar.ts): 2026-02-31 is refused, not read as 3 March. */
const dateQuery = (code: 'audit_from_invalid' | 'audit_to_invalid') => calendarDateSchema(code).optional();

/** A filter's text, refused with its field's codes (`audit_actor_too_long`, `audit_actor_control_characters`). */
const filterText = (field: 'entity_type' | 'entity_id' | 'actor') =>
  z
    .string()
    .trim()
    .max(maxOf(`audit_${field}_too_long`), { error: coded(`audit_${field}_too_long`) })
    .refine((value) => !/[\u0000-\u001f]/.test(value), { error: coded(`audit_${field}_control_characters`) })
    .optional()
    .transform((value) => (value ? value : undefined));

/** Filters of GET /api/admin/audit; dates are whole days in UTC, both ends included. */
export const auditQuerySchema = z
  .object({
    entityType: filterText('entity_type'),
    entityId: filterText('entity_id'),
    /** The actor's email (as recorded, any case) or user id. */
    actor: filterText('actor'),
    from: dateQuery('audit_from_invalid'),
    to: dateQuery('audit_to_invalid'),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { error: coded('audit_dates_order'), path: ['to'] });

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actorUserId: z.string().nullable(),
  actorEmail: z.string(),
  actorRole: z.string(),
  action: z.string(),
  entityType: z.string(),
  entityId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AuditEntryView = z.infer<typeof auditEntrySchema>;

interface AuditChange {
  /** "price", "variants.0.stock"; "" for a value that is not an object. */
  path: string;
  before: unknown;
  after: unknown;
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * What changed between an audit row's before and after, field by field (nested objects and arrays by path), for
 * a readable diff: unchanged fields are left out, a created entity lists every field with before undefined.
 */
export function auditChanges(before: unknown, after: unknown, path = ''): AuditChange[] {
  const bothContainers = (isPlainObject(before) || Array.isArray(before) || before == null) && (isPlainObject(after) || Array.isArray(after) || after == null);
  if (bothContainers && !(before == null && after == null) && (before == null || after == null || Array.isArray(before) === Array.isArray(after))) {
    const keys = new Set([...Object.keys((before ?? {}) as object), ...Object.keys((after ?? {}) as object)]);
    const changes: AuditChange[] = [];
    for (const key of keys) {
      const b = before == null ? undefined : (before as Record<string, unknown>)[key];
      const a = after == null ? undefined : (after as Record<string, unknown>)[key];
      changes.push(...auditChanges(b, a, path ? `${path}.${key}` : key));
    }
    return changes;
  }
  return JSON.stringify(before) === JSON.stringify(after) ? [] : [{ path, before, after }];
}
