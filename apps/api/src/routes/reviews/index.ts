import { productReviews, products } from '@shop/db';
import { paginatedSchema } from '@shop/domain/catalogue';
import { moderationRequestSchema, moderationStates, ownReviewSchema, ratingSummarySchema, reviewMessages, reviewSchema } from '@shop/domain/review';
import { and, count, desc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { recordAudit } from '../../admin/audit.ts';
import type { RequestUser } from '../../auth/request-user.ts';
import { noStore, publicCache } from '../../lib/cache.ts';
import { errorResponseSchema, intQuery, limitQuery, slugSchema } from '../../lib/params.ts';
import { lockProduct, ratingSummary, refreshProductRating } from './product-rating.ts';
import { ownReview, publicReview } from './review-view.ts';

const productRef = z.union([z.uuid(), slugSchema], { error: 'must be a product id or slug' });
/** The shop's queue shows which product each review is about. */
const reviewForShopSchema = ownReviewSchema.extend({ productName: z.string(), productSlug: z.string() });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * GET /api/reviews?product=<id or slug>: a product's approved reviews, newest first, paginated, with its rating
 * summary. The shop's moderation: GET /api/admin/reviews?state=… and POST /api/admin/reviews/{id}/moderation.
 */
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
      const [found] = await app.db
        .select({ id: products.id })
        .from(products)
        .where(and(UUID.test(product) ? eq(products.id, product) : eq(products.slug, product), eq(products.published, true)))
        .limit(1);
      if (!found) return reply.code(404).send({ message: reviewMessages.productNotFound });
      const where = and(eq(productReviews.productId, found.id), eq(productReviews.state, 'approved'));
      const [rows, summary] = await Promise.all([
        app.db
          .select()
          .from(productReviews)
          .where(where)
          .orderBy(desc(productReviews.createdAt), desc(productReviews.id))
          .limit(limit)
          .offset((page - 1) * limit),
        ratingSummary(app.db, found.id),
      ]);
      publicCache(reply);
      return { data: rows.map(publicReview), total: summary.count, page, limit, hasMore: page * limit < summary.count, summary };
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
      const where = eq(productReviews.state, state);
      const [rows, [total]] = await Promise.all([
        app.db
          .select({ review: productReviews, productName: products.name, productSlug: products.slug })
          .from(productReviews)
          .innerJoin(products, eq(products.id, productReviews.productId))
          .where(where)
          .orderBy(productReviews.createdAt, productReviews.id)
          .limit(limit)
          .offset((page - 1) * limit),
        app.db.select({ n: count() }).from(productReviews).where(where),
      ]);
      const n = Number(total?.n ?? 0);
      const data = rows.map((row) => ({ ...ownReview(row.review), productName: row.productName, productSlug: row.productSlug }));
      return { data, total: n, page, limit, hasMore: page * limit < n };
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
      const moderator = request.user as RequestUser;
      const result = await app.db.transaction(async (tx) => {
        const [current] = await tx.select({ productId: productReviews.productId }).from(productReviews).where(eq(productReviews.id, request.params.id));
        if (!current || !(await lockProduct(tx, current.productId))) return null;
        // Read again under the product's lock: the state the audit row records as "before".
        const [locked] = await tx.select({ state: productReviews.state }).from(productReviews).where(eq(productReviews.id, request.params.id));
        const [row] = await tx
          .update(productReviews)
          .set({ state: request.body.state, moderatedAt: new Date(), moderatedBy: moderator.id })
          .where(eq(productReviews.id, request.params.id))
          .returning();
        if (!row || !locked) return null;
        await refreshProductRating(tx, row.productId);
        await recordAudit(tx, moderator, {
          action: 'review.moderate',
          entityType: 'review',
          entityId: row.id,
          before: { state: locked.state },
          after: { state: row.state },
        });
        return row;
      });
      if (!result) return reply.code(404).send({ message: reviewMessages.notFound });
      await app.responseCache.invalidate();
      return ownReview(result);
    },
  );
};
