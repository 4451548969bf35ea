import { describe, expect, it } from 'vitest';
import { firstFieldErrors } from '../field-errors.ts';
import { auditChanges, auditQuerySchema, demotionRefusal, grantRoleRequestSchema, parseAccountRef } from './staff.ts';

describe('parseAccountRef', () => {
  it('reads an email (lower-cased) or a mobile number typed any common way', () => {
    expect(parseAccountRef(' Ravi@Example.COM ')).toEqual({ email: 'ravi@example.com' });
    expect(parseAccountRef('098765 43210')).toEqual({ phoneNumber: '+919876543210' });
    expect(parseAccountRef('+91 98765-43210')).toEqual({ phoneNumber: '+919876543210' });
  });
  it('refuses anything else', () => {
    expect(parseAccountRef('not an email@')).toBeNull();
    expect(parseAccountRef('12345')).toBeNull();
    expect(parseAccountRef('')).toBeNull();
  });
});

describe('grantRoleRequestSchema', () => {
  it('names the field that is wrong', () => {
    const result = grantRoleRequestSchema.safeParse({ account: 'nobody', role: 'customer' });
    expect(result.success).toBe(false);
    const fields = Object.fromEntries((result.error?.issues ?? []).map((issue) => [issue.path.join('.'), issue.message]));
    expect(fields).toEqual({ account: 'staff_account_invalid', role: 'staff_grant_role_invalid' });
    expect(firstFieldErrors(result.error!)).toEqual({ account: 'Enter an email address or a 10-digit mobile number', role: 'role must be staff or admin' });
  });
});

describe('demotionRefusal', () => {
  const base = { actorId: 'a', targetId: 'b', targetRole: 'admin' as const, newRole: 'staff' as const, admins: 2 };
  it('lets an admin demote another admin while another admin remains', () => {
    expect(demotionRefusal(base)).toBeNull();
  });
  it('refuses demoting oneself, and the last admin', () => {
    expect(demotionRefusal({ ...base, targetId: 'a' })).toBe('staff_demotion_self');
    expect(demotionRefusal({ ...base, admins: 1 })).toBe('staff_demotion_last_admin');
  });
  it('has nothing to say about non-admins or admins staying admins', () => {
    expect(demotionRefusal({ ...base, targetRole: 'staff', newRole: 'customer', admins: 0 })).toBeNull();
    expect(demotionRefusal({ ...base, targetId: 'a', newRole: 'admin', admins: 1 })).toBeNull();
  });
});

describe('auditQuerySchema', () => {
  it('accepts day ranges and refuses bad or reversed dates', () => {
    expect(auditQuerySchema.parse({ from: '2026-11-01', to: '2026-11-23', entityType: ' ' })).toEqual({ from: '2026-11-01', to: '2026-11-23' });
    expect(auditQuerySchema.safeParse({ from: '23/11/2026' }).success).toBe(false);
    const reversed = auditQuerySchema.safeParse({ from: '2026-11-23', to: '2026-11-01' });
    expect(reversed.error?.issues[0]).toMatchObject({ path: ['to'], message: 'audit_dates_order' });
    expect(firstFieldErrors(auditQuerySchema.safeParse({ actor: 'x'.repeat(255) }).error!)).toEqual({ actor: 'actor must be at most 254 characters' });
  });
});

describe('auditChanges', () => {
  it('lists only what changed, nested fields by path', () => {
    expect(auditChanges({ name: 'Lamp', price: 100, variants: [{ stock: 2 }] }, { name: 'Lamp', price: 120, variants: [{ stock: 1 }] })).toEqual([
      { path: 'price', before: 100, after: 120 },
      { path: 'variants.0.stock', before: 2, after: 1 },
    ]);
  });
  it('shows a creation and a deletion field by field', () => {
    expect(auditChanges(null, { role: 'staff' })).toEqual([{ path: 'role', before: undefined, after: 'staff' }]);
    expect(auditChanges({ role: 'staff' }, null)).toEqual([{ path: 'role', before: 'staff', after: undefined }]);
  });
  it('shows a changed plain value at the top', () => {
    expect(auditChanges(3, 4)).toEqual([{ path: '', before: 3, after: 4 }]);
    expect(auditChanges(null, null)).toEqual([]);
  });
});
