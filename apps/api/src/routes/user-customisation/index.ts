import multipart from '@fastify/multipart';
import { customisationUploads } from '@shop/db';
import {
  customisationApiPaths,
  customisationMessages,
  customisationRequestSchema,
  uploadedImagesSchema,
} from '@shop/domain/customisation';
import { orderSchema } from '@shop/domain/order';
import { eq } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { hasRole } from '../../auth/roles.ts';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { caller } from '../../orders/deps.ts';
import { findOrder } from '../../orders/order-view.ts';
import { CustomisationError } from '../../personalisation/errors.ts';
import { multipartLimits, receiveUploads } from '../../personalisation/receive-uploads.ts';
import { saveUploads } from '../../personalisation/save-uploads.ts';
import { sendCustomisation } from '../../personalisation/send-customisation.ts';

/** Per customer: a few dialogs' worth of photos with retries, far below what it would take to fill a disk. */
export const UPLOAD_RATE_LIMIT = { max: 30, timeWindow: 10 * 60_000 };
/** 99 units of 500 characters and ten photo ids each. */
const ADD_BODY_LIMIT = 256 * 1024;
/** Uploads never change under their id; the browser may keep them for a day, privately (never a shared cache). */
const IMAGE_CACHE = 'private, max-age=86400';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOT_FOUND = 'Image not found';

async function answering<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof CustomisationError) return reply.code(error.statusCode).send(error.body);
    throw error;
  }
}

/**
 * Personalisation (issue 5, docs/decisions/023): customers upload photos, send text and photos for every unit of a
 * personalised order line, and see their photos again; the shop's staff see every customer's photos.
 */
export const userCustomisationRoutes: FastifyPluginAsyncZod = async (app) => {
  // Scoped to this plugin: no other route accepts multipart bodies. The upload reads with the same limits.
  await app.register(multipart, { limits: multipartLimits });

  app.post(
    customisationApiPaths.upload,
    {
      onRequest: app.requireUser,
      config: { rateLimit: { ...UPLOAD_RATE_LIMIT, keyGenerator: (request) => `customisation-upload:${request.user?.id ?? request.ip}` } },
      schema: {
        tags: ['personalisation'],
        summary: 'Upload photos for personalisation (multipart, field `files` repeated); answers their references',
        description:
          'JPEG, PNG, WebP or HEIC/HEIF by their bytes; each at most 10 MB and 40 megapixels. Optional fields `orderId` and `productId` (and `lineId`) limit the count to that line\'s mediaLimit, else at most 10. Every photo is re-encoded (metadata such as GPS removed). All or nothing. 30 requests per 10 minutes per customer.',
        consumes: ['multipart/form-data'],
        response: {
          201: uploadedImagesSchema,
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          409: errorResponseSchema,
          413: errorResponseSchema,
          415: errorResponseSchema,
          429: errorResponseSchema,
        },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return answering(reply, async () => {
        const me = caller(request);
        const ready = await receiveUploads(app, app.db, request, me.id).catch((error: unknown) => {
          // Refused, maybe part-way through the body: the rest is not read, so the connection cannot carry another
          // request (and would keep the server from closing). Close it once the answer is sent.
          reply.header('connection', 'close');
          throw error;
        });
        const images = await saveUploads({ db: app.db, store: app.objectStore }, me.id, ready);
        return reply.code(201).send(images);
      });
    },
  );

  app.post(
    customisationApiPaths.add,
    {
      onRequest: app.requireUser,
      bodyLimit: ADD_BODY_LIMIT,
      schema: {
        tags: ['personalisation'],
        summary: 'Send (or replace) the personalisation of one line of my order: text and/or photos for every unit',
        description:
          'Until the order goes into production (then 409). Photos are ids from the upload answer, each the caller\'s and used for one unit only. Answers the order as it now is.',
        body: customisationRequestSchema,
        response: { 200: orderSchema, 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return answering(reply, async () => {
        const me = caller(request);
        const { orderId, productId, lineId, customisation } = request.body;
        await sendCustomisation(app.db, me.id, { orderId, productId, lineId, customisation });
        const order = await findOrder(app.db, orderId, me.id);
        return order ?? reply.code(404).send({ message: customisationMessages.orderNotFound });
      });
    },
  );

  app.get(
    '/api/user/uploads/:id/:size',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['personalisation'],
        summary: 'One uploaded photo: 80x80 `thumbnail` or `display` size; only to its uploader and the shop\'s staff',
        params: z.object({ id: z.string().max(100), size: z.enum(['thumbnail', 'display'], { error: 'must be thumbnail or display' }) }),
        response: { 400: errorResponseSchema, 401: errorResponseSchema, 404: errorResponseSchema },
      },
    },
    async (request, reply) => {
      const me = caller(request);
      const notFound = () => {
        noStore(reply);
        return reply.code(404).send({ message: NOT_FOUND });
      };
      if (!UUID.test(request.params.id)) return notFound();
      const [row] = await app.db
        .select({ userId: customisationUploads.userId, displayKey: customisationUploads.displayKey, thumbnailKey: customisationUploads.thumbnailKey })
        .from(customisationUploads)
        .where(eq(customisationUploads.id, request.params.id))
        .limit(1);
      // Someone else's photo is "not found", exactly like a missing one; staff and admins see all.
      if (!row || (row.userId !== me.id && !hasRole(me.role, 'staff'))) return notFound();
      const object = await app.objectStore.get(request.params.size === 'thumbnail' ? row.thumbnailKey : row.displayKey);
      if (!object) return notFound();
      return reply
        .header('content-type', object.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cache-control', IMAGE_CACHE)
        // Nothing in an image may run or load anything, even if opened on its own.
        .header('content-security-policy', "default-src 'none'; sandbox")
        // Bytes, sent as they are (Fastify never runs a serializer on a Buffer); the schema lists only the errors.
        .send(object.body as never);
    },
  );
};
