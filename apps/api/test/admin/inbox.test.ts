import { auditLog, clientLogs, newsletterSubscribers, productReviews, products, shopFeedback } from '@shop/db';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, expectRefusal } from '../helpers.ts';
import { request } from '../engagement/engagement-helpers.ts';
import { adminContext, type AdminContext, callAs } from './admin-helpers.ts';

const auditRows = (ctx: AdminContext, entityType: string, entityId: string) =>
  ctx.handle.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)));

describe.each(engines)('back-office inbox (%s)', (engine) => {
  let ctx: AdminContext;
  beforeAll(async () => {
    ctx = await adminContext(engine);
  });
  afterAll(async () => {
    await ctx?.close();
  });

  describe('reports and complaints', () => {
    let complaintId: string;
    let messageId: string;
    beforeAll(async () => {
      const base = { name: 'Asha Verma', contact_number: '9876543210', email: 'asha@example.com' };
      messageId = (await request(ctx.app, 'POST', '/api/report', { ...base, message: 'Do you ship to Goa?' })).json()._id;
      const complaint = await request(ctx.app, 'POST', '/api/report', { ...base, message: 'Lamp arrived broken@KG-1-ABC', key: 'KG-1-ABC' });
      expect(complaint.statusCode).toBe(201);
      complaintId = complaint.json()._id;
    });

    it('lists open messages newest first, complaints with their key, filtered by kind', async () => {
      const all = await callAs(ctx, 'staff', { method: 'GET', url: '/api/admin/reports' });
      expect(all.statusCode).toBe(200);
      expect(all.headers['cache-control']).toBe('no-store');
      expect(all.json()).toMatchObject({ total: 2, page: 1, hasMore: false });
      expect(all.json().data.map((r: { _id: string }) => r._id)).toEqual([complaintId, messageId]);
      expect(all.json().data[0]).toMatchObject({ key: 'KG-1-ABC', message: 'Lamp arrived broken@KG-1-ABC', contactNumber: '9876543210', handledAt: null });

      const complaints = (await callAs(ctx, 'staff', { method: 'GET', url: '/api/admin/reports?kind=complaint' })).json();
      expect(complaints.data.map((r: { _id: string }) => r._id)).toEqual([complaintId]);
      const messages = (await callAs(ctx, 'staff', { method: 'GET', url: '/api/admin/reports?kind=message' })).json();
      expect(messages.data.map((r: { _id: string }) => r._id)).toEqual([messageId]);
      const paged = (await callAs(ctx, 'staff', { method: 'GET', url: '/api/admin/reports?limit=1&page=2' })).json();
      expect(paged).toMatchObject({ total: 2, page: 2, limit: 1, hasMore: false });
      expect(paged.data.map((r: { _id: string }) => r._id)).toEqual([messageId]);
    });

    it('refuses bad filters naming the field', async () => {
      const bad = await callAs(ctx, 'staff', { method: 'GET', url: '/api/admin/reports?status=closed&limit=500' });
      const body = expectRefusal(bad, 400, 'validation_failed', { status: 'report_status_invalid' });
      expect(body.errors).toMatchObject({
        status: { message: 'status must be open, handled or all' },
        limit: { code: expect.any(String), message: 'must be at most 100' },
      });
    });

    it('marks a complaint handled (once, with an audit row) and opens it again', async () => {
      const handled = await callAs(ctx, 'staff', { method: 'POST', url: `/api/admin/reports/${complaintId}/handled`, body: { handled: true } });
      expect(handled.statusCode).toBe(200);
      const handledAt = handled.json().handledAt as string;
      expect(Date.parse(handledAt)).toBeGreaterThan(Date.now() - 60_000);
      // Again: nothing changes, no second audit row.
      const again = await callAs(ctx, 'admin', { method: 'POST', url: `/api/admin/reports/${complaintId}/handled`, body: { handled: true } });
      expect(again.json().handledAt).toBe(handledAt);

      const open = (await callAs(ctx, 'staff', { method: 'GET', url: '/api/admin/reports' })).json();
      expect(open.data.map((r: { _id: string }) => r._id)).toEqual([messageId]);
      const done = (await callAs(ctx, 'staff', { method: 'GET', url: '/api/admin/reports?status=handled' })).json();
      expect(done.data.map((r: { _id: string }) => r._id)).toEqual([complaintId]);

      const rows = await auditRows(ctx, 'contact_message', complaintId);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({
        action: 'contact_message.handled',
        actorUserId: ctx.people.staff.userId,
        actorRole: 'staff',
        before: { handledAt: null },
        after: { handledAt },
      });

      const reopened = await callAs(ctx, 'staff', { method: 'POST', url: `/api/admin/reports/${complaintId}/handled`, body: { handled: false } });
      expect(reopened.json().handledAt).toBeNull();
      expect((await auditRows(ctx, 'contact_message', complaintId)).map((r) => r.action).sort()).toEqual([
        'contact_message.handled',
        'contact_message.reopened',
      ]);
    });

    it('answers 400 for a bad body and 404 for an unknown message', async () => {
      const bad = await callAs(ctx, 'staff', { method: 'POST', url: `/api/admin/reports/${complaintId}/handled`, body: { handled: 'yes' } });
      expect(expectRefusal(bad, 400, 'validation_failed', { handled: 'report_handled_invalid' }).errors).toEqual({
        handled: { code: 'report_handled_invalid', message: 'handled must be true or false' },
      });
      const missing = await callAs(ctx, 'staff', {
        method: 'POST',
        url: '/api/admin/reports/00000000-0000-4000-8000-000000000000/handled',
        body: { handled: true },
      });
      expect(expectRefusal(missing, 404, 'admin_message_not_found').message).toBe('Message not found');
      expectRefusal(await callAs(ctx, 'staff', { method: 'POST', url: '/api/admin/reports/nope/handled', body: { handled: true } }), 400, 'validation_failed', {
        id: 'report_id_invalid',
      });
    });
  });

  describe('newsletter subscribers', () => {
    beforeAll(async () => {
      const at = (minutes: number) => new Date(Date.UTC(2026, 10, 1, 10, minutes));
      await ctx.handle.db.insert(newsletterSubscribers).values([
        { email: 'first@example.com', status: 'confirmed', createdAt: at(0), confirmedAt: at(5) },
        { email: 'second@example.com', status: 'pending', createdAt: at(10) },
        { email: '-gone@example.com', status: 'unsubscribed', createdAt: at(20), confirmedAt: at(21), unsubscribedAt: at(30) },
      ]);
    });

    it('lists them newest first with their status, filtered by status', async () => {
      const all = (await callAs(ctx, 'staff', { method: 'GET', url: '/api/admin/subscribers' })).json();
      expect(all.total).toBe(3);
      expect(all.data.map((s: { email: string; status: string }) => `${s.email} ${s.status}`)).toEqual([
        '-gone@example.com unsubscribed',
        'second@example.com pending',
        'first@example.com confirmed',
      ]);
      const confirmed = (await callAs(ctx, 'staff', { method: 'GET', url: '/api/admin/subscribers?status=confirmed' })).json();
      expect(confirmed.data).toEqual([
        {
          _id: expect.any(String),
          email: 'first@example.com',
          status: 'confirmed',
          createdAt: '2026-11-01T10:00:00.000Z',
          confirmedAt: '2026-11-01T10:05:00.000Z',
          unsubscribedAt: null,
        },
      ]);
      expectRefusal(await callAs(ctx, 'staff', { method: 'GET', url: '/api/admin/subscribers?status=gone' }), 400, 'validation_failed', {
        status: 'subscriber_status_invalid',
      });
    });

    it('exports CSV: headers, a BOM, one row per subscriber oldest first, formula-looking cells defused', async () => {
      const response = await callAs(ctx, 'staff', { method: 'GET', url: '/api/admin/subscribers/export' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/^attachment; filename="newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.body).toBe(
        '\ufeffemail,status,subscribed_at,confirmed_at,unsubscribed_at\r\n' +
          'first@example.com,confirmed,2026-11-01T10:00:00.000Z,2026-11-01T10:05:00.000Z,\r\n' +
          'second@example.com,pending,2026-11-01T10:10:00.000Z,,\r\n' +
          "'-gone@example.com,unsubscribed,2026-11-01T10:20:00.000Z,2026-11-01T10:21:00.000Z,2026-11-01T10:30:00.000Z\r\n",
      );
      const confirmed = await callAs(ctx, 'staff', { method: 'GET', url: '/api/admin/subscribers/export?status=confirmed' });
      expect(confirmed.body.split('\r\n').filter(Boolean)).toHaveLength(2);
    });
  });

  describe('client error logs', () => {
    it('lists logs from /api/log newest first with message, stack, URL and user agent; deletes old ones with an audit row', async () => {
      const sent = await ctx.app.inject({
        method: 'POST',
        url: '/api/log',
        headers: { 'content-type': 'application/json', 'user-agent': 'TestBrowser/1.0' },
        payload: { message: 'TypeError: x is undefined', stack: 'at Cart (cart.tsx:10)', url: 'https://shop.test/cart' },
      });
      expect(sent.statusCode).toBe(204);
      await ctx.handle.db.insert(clientLogs).values({ message: 'Old error', createdAt: new Date(Date.now() - 40 * 86_400_000) });

      const list = (await callAs(ctx, 'staff', { method: 'GET', url: '/api/admin/error-logs' })).json();
      expect(list.total).toBe(2);
      expect(list.data[0]).toMatchObject({
        message: 'TypeError: x is undefined',
        stack: 'at Cart (cart.tsx:10)',
        url: 'https://shop.test/cart',
        userAgent: 'TestBrowser/1.0',
      });
      expect(list.data[1].message).toBe('Old error');

      const bad = await callAs(ctx, 'staff', { method: 'POST', url: '/api/admin/error-logs/prune', body: { olderThanDays: 'thirty' } });
      expect(expectRefusal(bad, 400, 'validation_failed', { olderThanDays: 'prune_days_invalid' }).errors).toEqual({
        olderThanDays: { code: 'prune_days_invalid', message: 'olderThanDays must be a whole number of days' },
      });
      const tooMany = await callAs(ctx, 'staff', { method: 'POST', url: '/api/admin/error-logs/prune', body: { olderThanDays: 4000 } });
      expect(expectRefusal(tooMany, 400, 'validation_failed', { olderThanDays: 'prune_days_too_many' }).errors?.olderThanDays).toMatchObject({
        message: 'olderThanDays must be at most 3650',
        params: { max: 3650 },
      });

      const pruned = await callAs(ctx, 'staff', { method: 'POST', url: '/api/admin/error-logs/prune', body: { olderThanDays: 30 } });
      expect(pruned.json()).toEqual({ deleted: 1, message: '1 error log deleted' });
      const left = (await callAs(ctx, 'staff', { method: 'GET', url: '/api/admin/error-logs' })).json();
      expect(left.data.map((l: { message: string }) => l.message)).toEqual(['TypeError: x is undefined']);
      const [audit] = await ctx.handle.db.select().from(auditLog).where(eq(auditLog.action, 'client_log.prune'));
      expect(audit).toMatchObject({ entityType: 'client_log', entityId: null, actorRole: 'staff', after: { olderThanDays: 30, deleted: 1 } });
    });
  });

  describe('moderation (existing routes) writes audit rows', () => {
    it('feedback: approve, with the state before and after', async () => {
      const [row] = await ctx.handle.db
        .insert(shopFeedback)
        .values({ name: 'Asha Verma', email: 'asha@example.com', rating: 5, message: 'Lovely shop' })
        .returning();
      const id = (row as { id: string }).id;
      const queue = (await callAs(ctx, 'staff', { method: 'GET', url: '/api/admin/feedbacks' })).json();
      expect(queue.data.map((f: { _id: string }) => f._id)).toContain(id);
      const approved = await callAs(ctx, 'staff', { method: 'POST', url: `/api/admin/feedbacks/${id}/moderation`, body: { state: 'approved' } });
      expect(approved.json().state).toBe('approved');
      const rows = await auditRows(ctx, 'feedback', id);
      expect(rows).toEqual([expect.objectContaining({ action: 'feedback.moderate', before: { state: 'pending' }, after: { state: 'approved' } })]);
      const missing = await callAs(ctx, 'staff', {
        method: 'POST',
        url: '/api/admin/feedbacks/00000000-0000-4000-8000-000000000000/moderation',
        body: { state: 'approved' },
      });
      // The moderation routes are the engagement area's (routes/feedbacks): their refusal codes are tested there.
      expect(missing.statusCode).toBe(404);
    });

    it('reviews: the queue names the product; hiding one writes an audit row', async () => {
      const fixture = Object.values(ctx.fixtures.products)[0] as { id: string };
      const [product] = await ctx.handle.db
        .select({ id: products.id, name: products.name, slug: products.slug })
        .from(products)
        .where(eq(products.id, fixture.id));
      if (!product) throw new Error('no product fixture');
      const [row] = await ctx.handle.db.insert(productReviews).values({ productId: product.id, authorName: 'Asha V.', rating: 2, text: 'Meh' }).returning();
      const id = (row as { id: string }).id;
      const queue = (await callAs(ctx, 'staff', { method: 'GET', url: '/api/admin/reviews' })).json();
      expect(queue.data.find((r: { _id: string }) => r._id === id)).toMatchObject({ productName: product.name, productSlug: product.slug, state: 'pending' });
      const hidden = await callAs(ctx, 'staff', { method: 'POST', url: `/api/admin/reviews/${id}/moderation`, body: { state: 'rejected' } });
      expect(hidden.json().state).toBe('rejected');
      expect(await auditRows(ctx, 'review', id)).toEqual([
        expect.objectContaining({ action: 'review.moderate', before: { state: 'pending' }, after: { state: 'rejected' } }),
      ]);
    });
  });
});
