import { clientLogs, contactSubmissions, newsletterSubscribers } from '@shop/db';
import {
  errorLogPruneRequestSchema,
  errorLogSchema,
  inboxMessages,
  reportHandledRequestSchema,
  reportListQuerySchema,
  reportSchema,
  subscriberCsvFileName,
  subscriberListQuerySchema,
  subscriberSchema,
} from '@shop/domain/admin/inbox';
import { paginatedSchema } from '@shop/domain/catalogue';
import { and, asc, count, desc, eq, isNotNull, isNull, lt, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../admin/audit.ts';
import { subscribersCsv } from '../../admin/inbox/subscribers-csv.ts';
import { errorLogView, reportView, subscriberView } from '../../admin/inbox/views.ts';
import type { RequestUser } from '../../auth/request-user.ts';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema, intQuery, limitQuery } from '../../lib/params.ts';

const pageQuery = { page: intQuery({ min: 1, max: 10_000, default: 1 }), limit: limitQuery(20, 100) };
const refused = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };
const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * The back office's inbox (issue 7, staff and admins): contact messages and complaints to mark handled, newsletter
 * subscribers (list and CSV export) and client error logs (list, delete old ones). Feedback and reviews are moderated
 * through /api/admin/feedbacks and /api/admin/reviews. Every change writes an audit row in its own transaction.
 */
export const adminInboxRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/reports',
    {
      config: { adminRole: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Contact messages and complaints (staff, admin), newest first; open ones by default',
        querystring: reportListQuerySchema.extend(pageQuery),
        response: { 200: paginatedSchema(reportSchema), ...refused },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { status, kind, page, limit } = request.query;
      const filters: SQL[] = [];
      if (status === 'open') filters.push(isNull(contactSubmissions.handledAt));
      if (status === 'handled') filters.push(isNotNull(contactSubmissions.handledAt));
      if (kind === 'complaint') filters.push(isNotNull(contactSubmissions.key));
      if (kind === 'message') filters.push(isNull(contactSubmissions.key));
      const where = filters.length ? and(...filters) : undefined;
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(contactSubmissions)
          .where(where)
          .orderBy(desc(contactSubmissions.createdAt), desc(contactSubmissions.id))
          .limit(limit)
          .offset((page - 1) * limit),
        app.db.select({ n: count() }).from(contactSubmissions).where(where),
      ]);
      const n = Number(total?.n ?? 0);
      return { data: rows.map(reportView), total: n, page, limit, hasMore: page * limit < n };
    },
  );

  app.post(
    '/api/admin/reports/:id/handled',
    {
      config: { adminRole: 'staff' },
      bodyLimit: 1024,
      schema: {
        tags: ['admin'],
        summary: 'Mark a contact message or complaint handled, or open again (staff, admin)',
        params: z.object({ id: z.uuid({ error: 'must be a message id' }) }),
        body: reportHandledRequestSchema,
        response: { 200: reportSchema, ...refused, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { handled } = request.body;
      const row = await app.db.transaction(async (tx) => {
        const [current] = await tx.select().from(contactSubmissions).where(eq(contactSubmissions.id, request.params.id)).for('update');
        if (!current) return null;
        // Marking a handled message handled again keeps the first time (and writes no audit row: nothing changed).
        if ((current.handledAt !== null) === handled) return current;
        const [updated] = await tx
          .update(contactSubmissions)
          .set({ handledAt: handled ? new Date() : null, updatedAt: new Date() })
          .where(eq(contactSubmissions.id, current.id))
          .returning();
        const changed = updated as typeof current;
        await recordAudit(tx, request.user as RequestUser, {
          action: handled ? 'contact_message.handled' : 'contact_message.reopened',
          entityType: 'contact_message',
          entityId: current.id,
          before: { handledAt: current.handledAt },
          after: { handledAt: changed.handledAt },
        });
        return changed;
      });
      if (!row) return reply.code(404).send({ message: inboxMessages.reportNotFound });
      return reportView(row);
    },
  );

  const subscriberWhere = (status: string) => (status === 'all' ? undefined : eq(newsletterSubscribers.status, status as 'pending'));

  app.get(
    '/api/admin/subscribers',
    {
      config: { adminRole: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Newsletter subscribers with their status (staff, admin), newest first',
        querystring: subscriberListQuerySchema.extend(pageQuery),
        response: { 200: paginatedSchema(subscriberSchema), ...refused },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { status, page, limit } = request.query;
      const where = subscriberWhere(status);
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(newsletterSubscribers)
          .where(where)
          .orderBy(desc(newsletterSubscribers.createdAt), desc(newsletterSubscribers.id))
          .limit(limit)
          .offset((page - 1) * limit),
        app.db.select({ n: count() }).from(newsletterSubscribers).where(where),
      ]);
      const n = Number(total?.n ?? 0);
      return { data: rows.map(subscriberView), total: n, page, limit, hasMore: page * limit < n };
    },
  );

  app.get(
    '/api/admin/subscribers/export',
    {
      config: { adminRole: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Newsletter subscribers as a CSV file (staff, admin), oldest first; status=confirmed for a mailing list',
        querystring: subscriberListQuerySchema,
        produces: ['text/csv'],
        response: refused,
      },
    },
    async (request, reply) => {
      const rows = await app.db
        .select()
        .from(newsletterSubscribers)
        .where(subscriberWhere(request.query.status))
        .orderBy(asc(newsletterSubscribers.createdAt), asc(newsletterSubscribers.id));
      noStore(reply);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${subscriberCsvFileName(new Date())}"`);
      // Text, not JSON: no 200 schema, so Fastify sends the string as it is.
      return reply.send(subscribersCsv(rows.map(subscriberView)) as never);
    },
  );

  app.get(
    '/api/admin/error-logs',
    {
      config: { adminRole: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Client error logs from /api/log (staff, admin), newest first',
        querystring: z.object(pageQuery),
        response: { 200: paginatedSchema(errorLogSchema), ...refused },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { page, limit } = request.query;
      const [rows, [total]] = await Promise.all([
        app.db
          .select()
          .from(clientLogs)
          .orderBy(desc(clientLogs.createdAt), desc(clientLogs.id))
          .limit(limit)
          .offset((page - 1) * limit),
        app.db.select({ n: count() }).from(clientLogs),
      ]);
      const n = Number(total?.n ?? 0);
      return { data: rows.map(errorLogView), total: n, page, limit, hasMore: page * limit < n };
    },
  );

  app.post(
    '/api/admin/error-logs/prune',
    {
      config: { adminRole: 'staff' },
      bodyLimit: 1024,
      schema: {
        tags: ['admin'],
        summary: 'Delete client error logs older than a number of days (staff, admin)',
        body: errorLogPruneRequestSchema,
        response: { 200: z.object({ deleted: z.number().int(), message: z.string() }), ...refused },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { olderThanDays } = request.body;
      const before = new Date(Date.now() - olderThanDays * DAY_MS);
      const deleted = await app.db.transaction(async (tx) => {
        const rows = await tx.delete(clientLogs).where(lt(clientLogs.createdAt, before)).returning({ id: clientLogs.id });
        await recordAudit(tx, request.user as RequestUser, {
          action: 'client_log.prune',
          entityType: 'client_log',
          entityId: null,
          before: null,
          after: { olderThanDays, before: before.toISOString(), deleted: rows.length },
        });
        return rows.length;
      });
      return { deleted, message: inboxMessages.pruned(deleted) };
    },
  );
};
