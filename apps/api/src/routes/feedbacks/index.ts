import { paginatedSchema } from '@shop/domain/catalogue';
import { FEEDBACK_RATE_LIMIT, feedbackForShopSchema, feedbackInputSchema, feedbackMessages, feedbackSchema } from '@shop/domain/feedback';
import { moderationRequestSchema, moderationStates } from '@shop/domain/review';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestUser } from '../../auth/request-user.ts';
import { approvedFeedback, feedbackInState, moderateFeedback, receiveFeedback } from '../../engagement/feedback.ts';
import { noStore, publicCache } from '../../lib/cache.ts';
import { errorResponseSchema, intQuery, limitQuery } from '../../lib/params.ts';

/**
 * Feedback about the shop (spec §2 /feedback, §7 /api/feedbacks). Anyone may send it (rate-limited per address);
 * it waits for the shop (pending) and only approved feedback is listed. The shop moderates through
 * /api/admin/feedbacks (staff, admin).
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
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
      const answer = await approvedFeedback(app.db, page, limit);
      publicCache(reply);
      return answer;
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
      const id = await receiveFeedback(app.db, request.body, request.ip);
      return reply.code(202).send({ _id: id, message: feedbackMessages.received });
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
      return feedbackInState(app.db, state, page, limit);
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
      const feedback = await moderateFeedback(app.db, request.user as RequestUser, request.params.id, request.body.state);
      await app.responseCache.invalidate();
      return feedback;
    },
  );
};
