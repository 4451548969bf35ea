import { auditEntrySchema, auditQuerySchema } from '@shop/domain/admin/staff';
import { paginatedSchema } from '@shop/domain/catalogue';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { listAudit } from '../../admin/audit-view/list.ts';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema, intQuery, limitQuery } from '../../lib/params.ts';

const auditPage = z.object({ page: intQuery({ min: 1, max: 10_000, default: 1 }), limit: limitQuery(50, 200) });

/** GET /api/admin/audit (admins only): the audit log, newest first, filtered and paginated. */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
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
      return listAudit(app.db, filters, page, limit);
    },
  );
};
