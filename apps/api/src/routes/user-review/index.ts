import { ownReviewSchema, reviewContentSchema, reviewCreateSchema } from '@shop/domain/review';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RequestUser } from '../../auth/request-user.ts';
import { hasReceived } from '../../engagement/eligibility.ts';
import { createReview, deleteReview, myReviewOf, updateReview } from '../../engagement/my-reviews.ts';
import { ownReview } from '../../engagement/review-view.ts';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';

/** A review is at most ~2 kB of text. */
const BODY_LIMIT = 8 * 1024;
const idParams = z.object({ id: z.uuid({ error: 'must be a review id' }) });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema };

const caller = (request: FastifyRequest) => request.user as RequestUser;

/**
 * /api/user/review (spec §7): the signed-in customer's own review of a product. Only a customer whose order with
 * the product was delivered may write one, once per product (unique index); they may edit or delete it. Photos wait
 * for the safe upload pipeline (issue 5).
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const userReviewRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    noStore(reply);
  });
  // Reviews change what the public catalogue answers (ratings, review lists): forget the cached answers.
  const published = () => app.responseCache.invalidate();

  app.get(
    '/api/user/review',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['user'],
        summary: 'My review of a product (any moderation state) and whether I may write one',
        querystring: z.object({ product: z.uuid({ error: 'must be a product id' }) }),
        response: { 200: z.object({ review: ownReviewSchema.nullable(), canReview: z.boolean() }), 400: errorResponseSchema, 401: errorResponseSchema },
      },
    },
    async (request) => {
      const user = caller(request);
      const row = await myReviewOf(app.db, user.id, request.query.product);
      return { review: row ? ownReview(row) : null, canReview: row === null && (await hasReceived(app.db, user.id, request.query.product)) };
    },
  );

  app.post(
    '/api/user/review',
    {
      onRequest: app.requireUser,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags: ['user'],
        summary: 'Review a product I received (one review per product)',
        body: reviewCreateSchema,
        response: { 201: ownReviewSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { product, ...content } = request.body;
      const user = caller(request);
      const row = await createReview(app.db, { id: user.id, name: user.name }, product, content);
      await published();
      return reply.code(201).send(ownReview(row));
    },
  );

  app.put(
    '/api/user/review/:id',
    {
      onRequest: app.requireUser,
      bodyLimit: BODY_LIMIT,
      schema: { tags: ['user'], summary: 'Edit my review', params: idParams, body: reviewContentSchema, response: { 200: ownReviewSchema, ...errors } },
    },
    async (request) => {
      const row = await updateReview(app.db, caller(request).id, request.params.id, request.body);
      await published();
      return ownReview(row);
    },
  );

  app.delete(
    '/api/user/review/:id',
    {
      onRequest: app.requireUser,
      schema: { tags: ['user'], summary: 'Delete my review', params: idParams, response: { 204: z.null(), ...errors } },
    },
    async (request, reply) => {
      await deleteReview(app.db, caller(request).id, request.params.id);
      await published();
      return reply.code(204).send(null);
    },
  );
};
