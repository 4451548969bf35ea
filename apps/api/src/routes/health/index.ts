import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseAnswers } from '../../health/database.ts';
import { noStore } from '../../lib/cache.ts';

const partStatus = z.enum(['ok', 'down']);
const readySchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.object({ database: partStatus, redis: partStatus.optional(), objectStore: partStatus.optional() }),
});

/**
 * Probes for load balancers and supervisors (issue 19). Not refusals: a probe reads the status, and the shapes are
 * their own. None of them is logged per request (plugins/request-log.ts).
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/health',
    {
      schema: {
        tags: ['health'],
        summary: 'ok once the database answers',
        response: { 200: z.object({ status: z.literal('ok') }), 503: z.object({ status: z.literal('unavailable') }) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const database = await databaseAnswers(app.db);
      if (database.ok) return { status: 'ok' as const };
      // Not a refusal: a load balancer's probe reads this status, and the shape is its own.
      request.log.warn({ err: database.error }, 'health check: database did not answer');
      return reply.code(503).send({ status: 'unavailable' as const });
    },
  );

  app.get(
    '/api/health/live',
    {
      schema: {
        tags: ['health'],
        summary: 'ok while the process runs (liveness: no database or network call, so a slow database never restarts it)',
        response: { 200: z.object({ status: z.literal('ok') }) },
      },
    },
    async (_request, reply) => {
      noStore(reply);
      return { status: 'ok' as const };
    },
  );

  app.get(
    '/api/health/ready',
    {
      schema: {
        tags: ['health'],
        summary: 'ok when the database, and Redis and the S3 bucket when configured, answer (readiness); 503 names the part that did not',
        response: { 200: readySchema, 503: readySchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const report = await app.readiness();
      if (report.ready) return { status: 'ok' as const, checks: report.checks as z.infer<typeof readySchema>['checks'] };
      request.log.warn({ err: Object.values(report.errors)[0], down: Object.keys(report.errors) }, 'readiness check: a part did not answer');
      return reply.code(503).send({ status: 'unavailable' as const, checks: report.checks as z.infer<typeof readySchema>['checks'] });
    },
  );
};
