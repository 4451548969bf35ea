import { auditLog } from '@shop/db';
import { auditEntrySchema, auditQuerySchema } from '@shop/domain/admin/staff';
import { paginatedSchema } from '@shop/domain/catalogue';
import { count, desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { auditWhere } from '../../admin/audit-view/query.ts';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema, intQuery, limitQuery } from '../../lib/params.ts';
import { z } from 'zod';

const auditPage = z.object({ page: intQuery({ min: 1, max: 10_000, default: 1 }), limit: limitQuery(50, 200) });

/** GET /api/admin/audit (admins only): the audit log, newest first, filtered and paginated. */
export const adminAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/admin/audit',
    {
      config: { adminRole: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The audit log, newest first, by entity type and id, actor (email or user id) and days (admin)',
        querystring: auditQuerySchema.and(auditPage),
        response: { 200: paginatedSchema(auditEntrySchema), 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { page, limit, ...filters } = request.query;
      const where = auditWhere(filters);
      const [rows, [total]] = await Promise.all([
        app.db.select().from(auditLog).where(where).orderBy(desc(auditLog.at), desc(auditLog.id)).limit(limit).offset((page - 1) * limit),
        app.db.select({ n: count() }).from(auditLog).where(where),
      ]);
      const n = Number(total?.n ?? 0);
      return {
        data: rows.map((row) => ({
          _id: row.id,
          at: row.at.toISOString(),
          actorUserId: row.actorUserId,
          actorEmail: row.actorEmail,
          actorRole: row.actorRole,
          action: row.action,
          entityType: row.entityType,
          entityId: row.entityId,
          before: row.before ?? null,
          after: row.after ?? null,
        })),
        total: n,
        page,
        limit,
        hasMore: page * limit < n,
      };
    },
  );
};
