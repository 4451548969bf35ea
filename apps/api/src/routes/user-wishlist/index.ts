import { wishlistIdsSchema, wishlistMergeSchema, wishlistSchema } from '@shop/domain/wishlist';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { addToWishlist, listWishlist, mergeWishlist, removeFromWishlist, wishlistIds } from '../../wishlist/wishlist.ts';

const productParams = z.object({ productId: z.string().max(100) });
const errors = { 400: errorResponseSchema, 401: errorResponseSchema };

function callerId(request: FastifyRequest): string {
  // app.requireUser ran first (the /api/user guard): it answered 401 unless there is a user.
  return (request.user as NonNullable<FastifyRequest['user']>).id;
}

/**
 * /api/user/wishlist: the signed-in shopper's wishlist (issue 24, decision 099). Signed out, the storefront keeps the
 * list in the browser and hands it over with POST /api/user/wishlist/merge at sign-in. Adding (PUT) and removing
 * (DELETE) are idempotent; so is the merge.
 */
// eslint-disable-next-line @typescript-eslint/require-await -- a Fastify plugin: async rather than done-style, so a registration error rejects ready()
export const userWishlistRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', async (_request, reply) => {
    noStore(reply);
  });

  app.get(
    '/api/user/wishlist',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['user'],
        summary: 'My wishlist: each product as a card shows it, newest first',
        response: { 200: wishlistSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ data: await listWishlist(app.db, callerId(request)) }),
  );

  app.get(
    '/api/user/wishlist/ids',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['user'],
        summary: 'The product ids on my wishlist (what the hearts on product cards show)',
        response: { 200: wishlistIdsSchema, 401: errorResponseSchema },
      },
    },
    async (request) => ({ productIds: await wishlistIds(app.db, callerId(request)) }),
  );

  app.put(
    '/api/user/wishlist/:productId',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['user'],
        summary: 'Put a product on my wishlist (already there: nothing changes); answers the ids',
        params: productParams,
        response: { 200: wishlistIdsSchema, ...errors, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request) => ({ productIds: await addToWishlist(app.db, callerId(request), request.params.productId) }),
  );

  app.delete(
    '/api/user/wishlist/:productId',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['user'],
        summary: 'Take a product off my wishlist (not on it: nothing changes)',
        params: productParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeFromWishlist(app.db, callerId(request), request.params.productId);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/api/user/wishlist/merge',
    {
      onRequest: app.requireUser,
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['user'],
        summary: 'Add the list kept in the browser while signed out (idempotent); answers the ids',
        body: wishlistMergeSchema,
        response: { 200: wishlistIdsSchema, ...errors },
      },
    },
    async (request) => ({ productIds: await mergeWishlist(app.db, callerId(request), request.body.productIds) }),
  );
};
