import {
  errorLogPruneRequestSchema,
  errorLogSchema,
  reportHandledRequestSchema,
  reportListQuerySchema,
  reportSchema,
  subscriberCsvFileName,
  subscriberListQuerySchema,
  subscriberSchema,
} from '@shop/domain/admin/inbox';
import { paginatedSchema } from '@shop/domain/catalogue';
import { coded } from '@shop/domain/field-errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { allSubscribers, listErrorLogs, listReports, listSubscribers, pruneErrorLogs, setReportHandled } from '../../admin/inbox/inbox.ts';
import { subscribersCsv } from '../../admin/inbox/subscribers-csv.ts';
import type { RequestUser } from '../../auth/request-user.ts';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema, intQuery, limitQuery } from '../../lib/params.ts';

const pageQuery = { page: intQuery({ min: 1, max: 10_000, default: 1 }), limit: limitQuery(20, 100) };
const refused = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema };

/**
 * The back office's inbox (issue 7, staff and admins): contact messages and complaints to mark handled, newsletter
 * subscribers (list and CSV export) and client error logs (list, delete old ones). Feedback and reviews are moderated
 * through /api/admin/feedbacks and /api/admin/reviews. Every change writes an audit row in its own transaction.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
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
      return listReports(app.db, request.query);
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
        params: z.object({ id: z.uuid({ error: coded('report_id_invalid') }) }),
        body: reportHandledRequestSchema,
        response: { 200: reportSchema, ...refused, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return setReportHandled(app.db, request.user as RequestUser, request.params.id, request.body.handled);
    },
  );

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
      return listSubscribers(app.db, request.query);
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
      const subscribers = await allSubscribers(app.db, request.query.status);
      noStore(reply);
      reply.header('content-type', 'text/csv; charset=utf-8');
      reply.header('content-disposition', `attachment; filename="${subscriberCsvFileName(new Date())}"`);
      // Text, not JSON: no 200 schema, so Fastify sends the string as it is.
      return reply.send(subscribersCsv(subscribers) as never);
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
      return listErrorLogs(app.db, request.query);
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
      return pruneErrorLogs(app.db, request.user as RequestUser, request.body.olderThanDays);
    },
  );
};
