import { auditLog, user } from '@shop/db';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accessToken } from '../auth/auth-helpers.ts';
import { engines, expectRefusal } from '../helpers.ts';
import { customer, makeRole } from '../engagement/engagement-helpers.ts';
import { adminContext, type AdminContext, callAs } from './admin-helpers.ts';

describe.each(engines)('back-office staff accounts (%s)', (engine) => {
  let ctx: AdminContext;
  beforeAll(async () => {
    ctx = await adminContext(engine);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  const roleOf = async (id: string) => (await ctx.handle.db.select({ role: user.role }).from(user).where(eq(user.id, id)))[0]?.role;
  const auditsOf = (id: string) => ctx.handle.db.select().from(auditLog).where(eq(auditLog.entityId, id));

  it('lists staff and admins, admins first, without placeholder emails', async () => {
    const response = await callAs(ctx, 'admin', { method: 'GET', url: '/api/admin/staff' });
    expect(response.statusCode).toBe(200);
    const people = response.json().data as { _id: string; role: string; name: string; email: string | null; mobile: string }[];
    expect(people.map((p) => `${p.role} ${p.name}`)).toEqual(['admin Meera Admin', 'staff Ravi Staff']);
    expect(people[0]).toMatchObject({ _id: ctx.people.admin.userId, email: null, mobile: expect.stringMatching(/^\+91\d{10}$/) });
    expectRefusal(await callAs(ctx, 'staff', { method: 'GET', url: '/api/admin/staff' }), 403, 'forbidden');
  });

  it('promotes a customer found by email (any case) to staff at once, with an audit row; demotes them again', async () => {
    const shopper = await customer(ctx, 'Kiran Shah');
    await ctx.handle.db.update(user).set({ email: 'kiran@example.com' }).where(eq(user.id, shopper.userId));
    const token = await accessToken(ctx.app, shopper.cookie);
    const asBearer = () => ctx.app.inject({ method: 'GET', url: '/api/admin/reports', headers: { authorization: `Bearer ${token}` } });
    expectRefusal(await callAs(ctx, 'customer', { method: 'GET', url: '/api/admin/reports' }), 403, 'forbidden');
    expectRefusal(await asBearer(), 403, 'forbidden');

    const promoted = await callAs(ctx, 'admin', { method: 'POST', url: '/api/admin/staff', body: { account: ' Kiran@Example.com ', role: 'staff' } });
    expect(promoted.statusCode).toBe(200);
    expect(promoted.json()).toMatchObject({ _id: shopper.userId, name: 'Kiran Shah', email: 'kiran@example.com', role: 'staff' });
    // Takes effect on the very next request, by cookie and by an access token issued before the change.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/admin/reports', headers: { cookie: shopper.cookie } })).statusCode).toBe(200);
    expect((await asBearer()).statusCode).toBe(200);
    expectRefusal(await ctx.app.inject({ method: 'GET', url: '/api/admin/staff', headers: { cookie: shopper.cookie } }), 403, 'forbidden');

    const demoted = await callAs(ctx, 'admin', { method: 'PUT', url: `/api/admin/staff/${shopper.userId}/role`, body: { role: 'customer' } });
    expect(demoted.json().role).toBe('customer');
    expectRefusal(await asBearer(), 403, 'forbidden');

    const audits = await auditsOf(shopper.userId);
    expect(audits.map((a) => `${a.action} ${(a.before as { role: string }).role}->${(a.after as { role: string }).role}`).sort()).toEqual([
      'user.role customer->staff',
      'user.role staff->customer',
    ]);
    expect(audits[0]).toMatchObject({ entityType: 'user', actorUserId: ctx.people.admin.userId, actorRole: 'admin' });
  });

  it('finds an account by its mobile number typed any common way, and makes it admin', async () => {
    const shopper = await customer(ctx, 'Lata Rao');
    const [row] = await ctx.handle.db.select({ phone: user.phoneNumber }).from(user).where(eq(user.id, shopper.userId));
    const typed = `0${(row?.phone as string).slice(3, 8)} ${(row?.phone as string).slice(8)}`;
    const response = await callAs(ctx, 'admin', { method: 'POST', url: '/api/admin/staff', body: { account: typed, role: 'admin' } });
    expect(response.json()).toMatchObject({ _id: shopper.userId, role: 'admin', mobile: row?.phone });
    // Back to customer: another admin (Meera) remains.
    expect((await callAs(ctx, 'admin', { method: 'PUT', url: `/api/admin/staff/${shopper.userId}/role`, body: { role: 'customer' } })).json().role).toBe(
      'customer',
    );
  });

  it('says which field is wrong: bad input 400, unknown account 404', async () => {
    const bad = await callAs(ctx, 'admin', { method: 'POST', url: '/api/admin/staff', body: { account: 'someone', role: 'owner' } });
    expect(expectRefusal(bad, 400, 'validation_failed', { account: 'staff_account_invalid', role: 'staff_grant_role_invalid' }).errors).toEqual({
      account: { code: 'staff_account_invalid', message: 'Enter an email address or a 10-digit mobile number' },
      role: { code: 'staff_grant_role_invalid', message: 'role must be staff or admin' },
    });
    const unknown = await callAs(ctx, 'admin', { method: 'POST', url: '/api/admin/staff', body: { account: 'nobody@example.com', role: 'staff' } });
    expect(expectRefusal(unknown, 404, 'staff_account_not_found', { account: 'staff_account_not_found' })).toEqual({
      message: 'No account with that email or mobile number',
      code: 'staff_account_not_found',
      errors: { account: { code: 'staff_account_not_found', message: 'No account with that email or mobile number' } },
    });
    const badRole = await callAs(ctx, 'admin', { method: 'PUT', url: `/api/admin/staff/${ctx.people.staff.userId}/role`, body: { role: 'boss' } });
    expect(expectRefusal(badRole, 400, 'validation_failed', { role: 'staff_role_invalid' }).errors?.role?.message).toBe(
      'role must be customer, staff or admin',
    );
    const missing = await callAs(ctx, 'admin', { method: 'PUT', url: '/api/admin/staff/00000000-0000-4000-8000-000000000000/role', body: { role: 'staff' } });
    expect(expectRefusal(missing, 404, 'staff_user_not_found').message).toBe('Account not found');
    expectRefusal(await callAs(ctx, 'admin', { method: 'PUT', url: '/api/admin/staff/not-an-id/role', body: { role: 'staff' } }), 400, 'validation_failed', {
      id: 'staff_id_invalid',
    });
  });

  it("better-auth's own admin endpoints are closed: roles change only here, under the rules and with an audit row", async () => {
    for (const url of [
      '/api/auth/admin/set-role',
      '/api/auth/ADMIN/set-role',
      '/api/auth/admin%2Fset-role',
      '/api/auth//admin/set-role',
      '/api/auth/x/../admin/set-role',
    ]) {
      const response = await ctx.app.inject({
        method: 'POST',
        url,
        headers: { cookie: ctx.people.admin.cookie, 'content-type': 'application/json', origin: 'http://localhost:3000' },
        payload: JSON.stringify({ userId: ctx.people.admin.userId, role: 'customer' }),
      });
      expectRefusal(response, 404, 'not_found');
    }
    const list = await ctx.app.inject({ method: 'GET', url: '/api/auth/admin/list-users', headers: { cookie: ctx.people.admin.cookie } });
    expectRefusal(list, 404, 'not_found');
    expect(await roleOf(ctx.people.admin.userId)).toBe('admin');
  });

  it('an admin cannot demote themselves (409, nothing written); two admins demoting each other at once leave one admin', async () => {
    const self = await callAs(ctx, 'admin', { method: 'PUT', url: `/api/admin/staff/${ctx.people.admin.userId}/role`, body: { role: 'staff' } });
    expect(expectRefusal(self, 409, 'staff_demotion_self', { role: 'staff_demotion_self' })).toEqual({
      message: 'You cannot remove your own admin role',
      code: 'staff_demotion_self',
      errors: { role: { code: 'staff_demotion_self', message: 'You cannot remove your own admin role' } },
    });
    expect(await roleOf(ctx.people.admin.userId)).toBe('admin');
    expect(await auditsOf(ctx.people.admin.userId)).toEqual([]);

    const second = await customer(ctx, 'Second Admin');
    await makeRole(ctx, second.userId, 'admin');
    const answers = await Promise.all([
      callAs(ctx, 'admin', { method: 'PUT', url: `/api/admin/staff/${second.userId}/role`, body: { role: 'customer' } }),
      ctx.app.inject({
        method: 'PUT',
        url: `/api/admin/staff/${ctx.people.admin.userId}/role`,
        headers: { cookie: second.cookie, 'content-type': 'application/json' },
        payload: JSON.stringify({ role: 'customer' }),
      }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 403]);
    expectRefusal(
      answers.find((a) => a.statusCode === 403)!,
      403,
      'forbidden',
    );
    const admins = await ctx.handle.db.select({ id: user.id }).from(user).where(eq(user.role, 'admin'));
    expect(admins).toHaveLength(1);
    // Whoever won, the remaining admin has no way to demote themselves.
    await makeRole(ctx, ctx.people.admin.userId, 'admin');
  });
});
