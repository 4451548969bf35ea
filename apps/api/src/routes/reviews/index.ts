import { paginatedSchema } from '@shop/domain/catalogue';
import { moderationRequestSchema, moderationStates, ownReviewSchema, ratingSummarySchema, reviewSchema } from '@shop/domain/review';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestUser } from '../../auth/request-user.ts';
import { moderateReview, publishedReviews, reviewsForShop } from '../../engagement/reviews.ts';
import { noStore, publicCache } from '../../lib/cache.ts';
import { errorResponseSchema, intQuery, limitQuery, slugSchema } from '../../lib/params.ts';

const productRef = z.union([z.uuid(), slugSchema], { error: 'must be a product id or slug' });
/** The shop's queue shows which product each review is about. */
const reviewForShopSchema = ownReviewSchema.extend({ productName: z.string(), productSlug: z.string() });

/**
 * GET /api/reviews?product=<id or slug>: a product's approved reviews, newest first, paginated, with its rating
 * summary. The shop's moderation: GET /api/admin/reviews?state=… and POST /api/admin/reviews/{id}/moderation.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const reviewsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/reviews',
    {
      schema: {
        tags: ['reviews'],
        summary: "A product's published reviews, newest first, with the rating summary",
        querystring: z.object({ product: productRef, page: intQuery({ min: 1, max: 1_000, default: 1 }), limit: limitQuery(5, 20) }),
        response: { 200: paginatedSchema(reviewSchema).extend({ summary: ratingSummarySchema }), 400: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const { product, page, limit } = request.query;
      const answer = await publishedReviews(app.db, product, page, limit);
      publicCache(reply);
      return answer;
    },
  );

  app.get(
    '/api/admin/reviews',
    {
      config: { adminRole: 'staff' },
      schema: {
        tags: ['admin'],
        summary: 'Reviews by moderation state (staff, admin): the queue is state=pending, oldest first',
        querystring: z.object({
          state: z.enum(moderationStates, { error: 'must be pending, approved or rejected' }).default('pending'),
          page: intQuery({ min: 1, max: 1_000, default: 1 }),
          limit: limitQuery(20, 100),
        }),
        response: { 200: paginatedSchema(reviewForShopSchema), 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const { state, page, limit } = request.query;
      return reviewsForShop(app.db, state, page, limit);
    },
  );

  app.post(
    '/api/admin/reviews/:id/moderation',
    {
      config: { adminRole: 'staff' },
      bodyLimit: 1024,
      schema: {
        tags: ['admin'],
        summary: 'Approve or reject a review (staff, admin); the product rating follows',
        params: z.object({ id: z.uuid({ error: 'must be a review id' }) }),
        body: moderationRequestSchema,
        response: { 200: ownReviewSchema, 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const review = await moderateReview(app.db, request.user as RequestUser, request.params.id, request.body.state);
      await app.responseCache.invalidate();
      return review;
    },
  );
};
