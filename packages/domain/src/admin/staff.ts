import { z } from 'zod';
import { normaliseIndianMobile } from '../phone.ts';

/**
 * Staff accounts and the audit log viewer (issue 7, admins only). An admin gives an existing account (found by its
 * email or mobile number) the staff or admin role, or takes it back (customer). The shop always keeps one admin,
 * and an admin cannot take away their own admin role (409 for both): nobody can lock the shop out of its settings.
 */

export const accountRoles = ['customer', 'staff', 'admin'] as const;
export type AccountRole = (typeof accountRoles)[number];

export const staffMessages = {
  accountRequired: 'Enter an email address or mobile number',
  accountInvalid: 'Enter an email address or a 10-digit mobile number',
  accountNotFound: 'No account with that email or mobile number',
  userNotFound: 'Account not found',
  roleRequired: 'role must be customer, staff or admin',
  grantRoleRequired: 'role must be staff or admin',
  notSelf: 'You cannot remove your own admin role',
  lastAdmin: 'The shop must keep at least one admin',
} as const;

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
    .string({ error: staffMessages.accountRequired })
    .trim()
    .min(1, { error: staffMessages.accountRequired })
    .max(254, { error: staffMessages.accountInvalid })
    .refine((value) => parseAccountRef(value) !== null, { error: staffMessages.accountInvalid }),
  role: z.enum(['staff', 'admin'], { error: staffMessages.grantRoleRequired }),
});
export type GrantRoleRequest = z.input<typeof grantRoleRequestSchema>;

export const changeRoleRequestSchema = z.object({
  role: z.enum(accountRoles, { error: staffMessages.roleRequired }),
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

/** Whether taking `target`'s admin role away is allowed; the message of the 409 when it is not. */
export function demotionRefusal(input: { actorId: string; targetId: string; targetRole: AccountRole; newRole: AccountRole; admins: number }): string | null {
  if (input.targetRole !== 'admin' || input.newRole === 'admin') return null;
  if (input.actorId === input.targetId) return staffMessages.notSelf;
  if (input.admins <= 1) return staffMessages.lastAdmin;
  return null;
}

/* ---------- Audit log viewer ---------- */

const dateQuery = (field: string) =>
  z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: `${field} must be a date (YYYY-MM-DD)` })
    .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: `${field} must be a date (YYYY-MM-DD)` })
    .optional();

const filterText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${field} must be at most ${max} characters` })
    .refine((value) => !/[\u0000-\u001f]/.test(value), { error: `${field} must not contain control characters` })
    .optional()
    .transform((value) => (value ? value : undefined));

/** Filters of GET /api/admin/audit; dates are whole days in UTC, both ends included. */
export const auditQuerySchema = z
  .object({
    entityType: filterText('entityType', 60),
    entityId: filterText('entityId', 200),
    /** The actor's email (as recorded, any case) or user id. */
    actor: filterText('actor', 254),
    from: dateQuery('from'),
    to: dateQuery('to'),
  })
  .refine((value) => !value.from || !value.to || value.from <= value.to, { error: 'to must not be before from', path: ['to'] });

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

export interface AuditChange {
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
