import { outbox } from '@shop/db';
import { normaliseIndianMobile } from '@shop/domain/phone';
import { desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noStore } from '../../lib/cache.ts';
import { intQuery, text } from '../../lib/params.ts';

export const devOutboxMessageSchema = z.object({
  _id: z.string(),
  channel: z.enum(['email', 'sms']),
  recipient: z.string(),
  kind: z.string(),
  subject: z.string().nullable(),
  bodyText: z.string(),
  createdAt: z.string(),
  status: z.enum(['pending', 'sending', 'sent', 'failed']),
});

/**
 * The recipient as stored: an email address as given (compared without case), a phone number in E.164.
 * In a query string "+91…" often arrives as " 91…" (a bare "+" means a space), so numbers are normalised.
 */
function recipientFilter(to: string) {
  if (to.includes('@')) return sql`lower(${outbox.recipient}) = ${to.toLowerCase()}`;
  return eq(outbox.recipient, normaliseIndianMobile(to) ?? to);
}

/**
 * GET /api/dev/outbox: the latest messages, newest first, so a developer (and the browser tests) can read
 * the codes and links the dev transport "sent". Not registered in production, where it answers 404.
 */
export const devOutboxRoutes: FastifyPluginAsyncZod<{ production: boolean }> = async (app, options) => {
  if (options.production) return;
  app.get(
    '/api/dev/outbox',
    {
      schema: {
        tags: ['dev'],
        summary: 'Latest outbox messages (not in production)',
        querystring: z.object({ to: text({ max: 320 }).optional(), limit: intQuery({ min: 1, max: 100, default: 20 }) }),
        response: { 200: z.object({ data: z.array(devOutboxMessageSchema) }) },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { to, limit } = request.query;
      const rows = await app.db
        .select()
        .from(outbox)
        .where(to ? recipientFilter(to) : undefined)
        .orderBy(desc(outbox.createdAt), desc(outbox.id))
        .limit(limit);
      return {
        data: rows.map((row) => ({
          _id: row.id,
          channel: row.channel,
          recipient: row.recipient,
          kind: row.kind,
          subject: row.subject,
          bodyText: row.bodyText,
          createdAt: row.createdAt.toISOString(),
          status: row.status,
        })),
      };
    },
  );
};
