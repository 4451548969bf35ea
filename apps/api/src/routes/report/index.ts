import { keyOfMessage, REPORT_RATE_LIMIT, reportRequestSchema } from '@shop/domain/contact';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { receiveContactMessage } from '../../engagement/contact.ts';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';

/** A message is at most ~5 kB of text; anything far larger is not one. */
const BODY_LIMIT = 16 * 1024;

const reportResponseSchema = z.object({ _id: z.string(), message: z.string() });

/**
 * POST /api/report (spec §7): the contact page and the complaint view. Every message is stored (with its key, when
 * the page carried one: the message then ends in "@<key>") and the shop is told through the outbox, in the same
 * transaction. Limited per client address (429 beyond REPORT_RATE_LIMIT).
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/api/report',
    {
      bodyLimit: BODY_LIMIT,
      config: { rateLimit: { max: REPORT_RATE_LIMIT.max, timeWindow: REPORT_RATE_LIMIT.windowMinutes * 60_000 } },
      schema: {
        tags: ['site'],
        summary: `Send a contact or complaint message (${REPORT_RATE_LIMIT.max} per ${REPORT_RATE_LIMIT.windowMinutes} minutes per address)`,
        body: reportRequestSchema,
        response: { 201: reportResponseSchema, 400: errorResponseSchema, 413: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { body } = request;
      const deps = { db: app.db, enqueue: app.outbox.enqueue.bind(app.outbox), warn: (message: string) => request.log.warn(message) };
      const id = await receiveContactMessage(deps, body, keyOfMessage(body.message, body.key), request.ip);
      return reply.code(201).send({ _id: id, message: 'Message received' });
    },
  );
};
