import { auditLog } from '@shop/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, expectRefusal } from '../helpers.ts';
import { adminContext, type AdminContext, callAs } from './admin-helpers.ts';

describe.each(engines)('back-office audit viewer (%s)', (engine) => {
  let ctx: AdminContext;
  const get = (query: string) => callAs(ctx, 'admin', { method: 'GET', url: `/api/admin/audit${query}` });
  const ids = async (query: string) => ((await get(query)).json().data as { entityId: string }[]).map((row) => row.entityId);

  beforeAll(async () => {
    ctx = await adminContext(engine);
    const row = (at: string, entityType: string, entityId: string, actorEmail: string, actorUserId: string | null = null) => ({
      at: new Date(at),
      actorUserId,
      actorEmail,
      actorRole: 'admin',
      action: `${entityType}.update`,
      entityType,
      entityId,
      before: { price: 100, name: 'Lamp' },
      after: { price: 120, name: 'Lamp' },
    });
    await ctx.handle.db
      .insert(auditLog)
      .values([
        row('2026-11-01T09:00:00Z', 'product', 'p1', 'Meera@Example.com', ctx.people.admin.userId),
        row('2026-11-02T23:59:59Z', 'product', 'p2', 'ravi@example.com'),
        row('2026-11-03T00:00:00Z', 'coupon', 'c1', 'ravi@example.com'),
        row('2026-11-05T12:00:00Z', 'product', 'p1', 'ravi@example.com'),
      ]);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  it('lists newest first with who, what, when, before and after', async () => {
    const response = await get('');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ total: 4, page: 1, limit: 50, hasMore: false });
    expect(body.data.map((r: { entityId: string }) => r.entityId)).toEqual(['p1', 'c1', 'p2', 'p1']);
    expect(body.data[3]).toMatchObject({
      at: '2026-11-01T09:00:00.000Z',
      actorUserId: ctx.people.admin.userId,
      actorEmail: 'Meera@Example.com',
      actorRole: 'admin',
      action: 'product.update',
      entityType: 'product',
      before: { price: 100, name: 'Lamp' },
      after: { price: 120, name: 'Lamp' },
    });
  });

  it('filters by entity type and id, actor (email any case, or user id), whole days, and pages', async () => {
    expect(await ids('?entityType=product')).toEqual(['p1', 'p2', 'p1']);
    expect(await ids('?entityType=product&entityId=p1')).toEqual(['p1', 'p1']);
    expect(await ids('?actor=RAVI@example.com')).toEqual(['p1', 'c1', 'p2']);
    expect(await ids(`?actor=${ctx.people.admin.userId}`)).toEqual(['p1']);
    expect(await ids('?from=2026-11-02&to=2026-11-02')).toEqual(['p2']);
    expect(await ids('?from=2026-11-03')).toEqual(['p1', 'c1']);
    expect(await ids('?to=2026-11-01')).toEqual(['p1']);
    const page = (await get('?limit=2&page=2')).json();
    expect(page).toMatchObject({ total: 4, page: 2, limit: 2, hasMore: false });
    expect(page.data.map((r: { entityId: string }) => r.entityId)).toEqual(['p2', 'p1']);
  });

  it('refuses bad filters naming the field; staff may not read it', async () => {
    const bad = await get('?from=01-11-2026&page=0');
    expect(expectRefusal(bad, 400, 'validation_failed', { from: 'audit_from_invalid' }).errors).toMatchObject({
      from: { message: 'from must be a date (YYYY-MM-DD)' },
    });
    const reversed = await get('?from=2026-11-05&to=2026-11-01');
    expect(expectRefusal(reversed, 400, 'validation_failed', { to: 'audit_dates_order' }).errors).toEqual({
      to: { code: 'audit_dates_order', message: 'to must not be before from' },
    });
    expectRefusal(await get(`?actor=${'x'.repeat(255)}`), 400, 'validation_failed', { actor: 'audit_actor_too_long' });
    expectRefusal(await callAs(ctx, 'staff', { method: 'GET', url: '/api/admin/audit' }), 403, 'forbidden');
  });
});
