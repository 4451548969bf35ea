import { isIP } from 'node:net';
import { shopFeedback } from '@shop/db';
import { paginatedSchema } from '@shop/domain/catalogue';
import { FEEDBACK_RATE_LIMIT, feedbackForShopSchema, feedbackInputSchema, feedbackMessages, feedbackSchema } from '@shop/domain/feedback';
import { displayName, moderationRequestSchema, moderationStates } from '@shop/domain/review';
import { count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../admin/audit.ts';
import type { RequestUser } from '../../auth/request-user.ts';
import { noStore, publicCache } from '../../lib/cache.ts';
import { errorResponseSchema, intQuery, limitQuery } from '../../lib/params.ts';

type FeedbackRow = typeof shopFeedback.$inferSelect;

const publicFeedback = (row: FeedbackRow) => ({
  _id: row.id,
  author: displayName(row.name),
  rating: row.rating,
  message: row.message,
  createdAt: row.createdAt.toISOString(),
});
const feedbackForShop = (row: FeedbackRow) => ({ ...publicFeedback(row), name: row.name, email: row.email, state: row.state });

/**
 * Feedback about the shop (spec §2 /feedback, §7 /api/feedbacks). Anyone may send it (rate-limited per address);
 * it waits for the shop (pending) and only approved feedback is listed. The shop moderates through
 * /api/admin/feedbacks (staff, admin).
 */
export const feedbacksRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/feedbacks',
    {
      schema: {
        tags: ['feedback'],
        summary: 'Approved feedback about the shop, newest first',
        querystring: z.object({ page: intQuery({ min: 1, max: 1_000, default: 1 }), limit: limitQuery(10, 50) }),
        response: { 200: paginatedSchema(feedbackSchema), 400: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { page, limit } = request.query;
      const where = eq(shopFeedback.state, 'approved');
      const [rows, [total]] = await Promise.all([
        app.db.select().from(shopFeedback).where(where).orderBy(desc(shopFeedback.createdAt), desc(shopFeedback.id)).limit(limit).offset((page - 1) * limit),
        app.db.select({ n: count() }).from(shopFeedback).where(where),
      ]);
      const n = Number(total?.n ?? 0);
      publicCache(reply);
      return { data: rows.map(publicFeedback), total: n, page, limit, hasMore: page * limit < n };
    },
  );

  app.post(
    '/api/feedbacks',
    {
      bodyLimit: 8 * 1024,
      config: { rateLimit: { max: FEEDBACK_RATE_LIMIT.max, timeWindow: FEEDBACK_RATE_LIMIT.windowMinutes * 60_000 } },
      schema: {
        tags: ['feedback'],
        summary: `Send feedback about the shop; shown once approved (${FEEDBACK_RATE_LIMIT.max} per hour per address)`,
        body: feedbackInputSchema,
        response: { 202: z.object({ _id: z.string(), message: z.string() }), 400: errorResponseSchema, 429: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const [row] = await app.db
        .insert(shopFeedback)
        .values({ ...request.body, state: 'pending', ip: isIP(request.ip) ? request.ip : null })
        .returning({ id: shopFeedback.id });
      return reply.code(202).send({ _id: (row as { id: string }).id, message: feedbackMessages.received });
    },
  );

  app.get(
    '/api/admin/feedbacks',
    {
      config: { adminRole: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Feedback by moderation state (staff, admin): the queue is state=pending, oldest first',
        querystring: z.object({
          state: z.enum(moderationStates, { error: 'must be pending, approved or rejected' }).default('pending'),
          page: intQuery({ min: 1, max: 1_000, default: 1 }),
          limit: limitQuery(20, 100),
        }),
        response: { 200: paginatedSchema(feedbackForShopSchema), 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { state, page, limit } = request.query;
      const where = eq(shopFeedback.state, state);
      const [rows, [total]] = await Promise.all([
        app.db.select().from(shopFeedback).where(where).orderBy(shopFeedback.createdAt, shopFeedback.id).limit(limit).offset((page - 1) * limit),
        app.db.select({ n: count() }).from(shopFeedback).where(where),
      ]);
      const n = Number(total?.n ?? 0);
      return { data: rows.map(feedbackForShop), total: n, page, limit, hasMore: page * limit < n };
    },
  );

  app.post(
    '/api/admin/feedbacks/:id/moderation',
    {
      config: { adminRole: 'staff' },
      bodyLimit: 1024,
      schema: {
        tags: ['admin'],
        summary: 'Approve or reject feedback (staff, admin)',
        params: z.object({ id: z.uuid({ error: 'must be a feedback id' }) }),
        body: moderationRequestSchema,
        response: { 200: feedbackForShopSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const moderator = request.user as RequestUser;
      // The change and its audit row (issue 7) in one transaction.
      const row = await app.db.transaction(async (tx) => {
        const [current] = await tx.select({ state: shopFeedback.state }).from(shopFeedback).where(eq(shopFeedback.id, request.params.id)).for('update');
        if (!current) return null;
        const [updated] = await tx
          .update(shopFeedback)
          .set({ state: request.body.state, moderatedAt: new Date(), moderatedBy: moderator.id })
          .where(eq(shopFeedback.id, request.params.id))
          .returning();
        await recordAudit(tx, moderator, {
          action: 'feedback.moderate',
          entityType: 'feedback',
          entityId: request.params.id,
          before: { state: current.state },
          after: { state: request.body.state },
        });
        return updated;
      });
      if (!row) return reply.code(404).send({ message: 'Feedback not found' });
      await app.responseCache.invalidate();
      return feedbackForShop(row);
    },
  );
};
