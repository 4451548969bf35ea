import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema, intQuery, text } from '../../lib/params.ts';
import { latestOutboxMessages } from '../../outbox/latest.ts';

const devOutboxMessageSchema = z.object({
  _id: z.string(),
  channel: z.enum(['email', 'sms', 'whatsapp']),
  recipient: z.string(),
  kind: z.string(),
  subject: z.string().nullable(),
  bodyText: z.string(),
  createdAt: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'failed']),
});

/**
 * GET /api/dev/outbox: the latest messages, newest first, so a newcomer (and the browser tests) can read the codes
 * and links the dev transport "sent". Served whenever no gateway is configured (app.outbox.devOutbox), whatever
 * NODE_ENV says: `npm start` runs in production and still has to be usable. Never served once SMTP_URL or
 * SMS_GATEWAY_URL is set (a real shop), where it answers 404. Decision 055.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const devOutboxRoutes: FastifyPluginAsyncZod = async (app) => {
  if (!app.outbox.devOutbox) return;
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Latest outbox messages (only while no mail or SMS gateway is set)',
        querystring: z.object({ to: text({ max: 320 }).optional(), limit: intQuery({ min: 1, max: 100, default: 20 }) }),
        response: { 200: z.object({ data: z.array(devOutboxMessageSchema) }), 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { to, limit } = request.query;
      return { data: await latestOutboxMessages(app.db, to, limit) };
    },
  );
};
