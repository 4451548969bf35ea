import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { databaseAnswers } from '../../health/database.ts';
import { noStore } from '../../lib/cache.ts';

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
};
