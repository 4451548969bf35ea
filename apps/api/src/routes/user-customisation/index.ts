import multipart from '@fastify/multipart';
import { customisationApiPaths, customisationRequestSchema, uploadedImagesSchema } from '@shop/domain/customisation';
import { coded } from '@shop/domain/field-errors';
import { orderSchema } from '@shop/domain/order';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { noStore } from '../../lib/cache.ts';
import { Refusal } from '../../lib/refusal.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { caller } from '../../orders/deps.ts';
import { findOrder } from '../../orders/order-view.ts';
import { readUpload } from '../../customisation/read-upload.ts';
import { multipartLimits, receiveUploads } from '../../customisation/receive-uploads.ts';
import { saveUploads } from '../../customisation/save-uploads.ts';
import { sendCustomisation } from '../../customisation/send-customisation.ts';

/** Per customer: a few dialogs' worth of photos with retries, far below what it would take to fill a disk. */
export const UPLOAD_RATE_LIMIT = { max: 30, timeWindow: 10 * 60_000 };
/** 99 units of 500 characters and ten photo ids each. */
const ADD_BODY_LIMIT = 256 * 1024;
/** Uploads never change under their id; the browser may keep them for a day, privately (never a shared cache). */
const IMAGE_CACHE = 'private, max-age=86400';

/** Every refusal of these routes, in decision 037's shape. */
const refusalSchema = errorResponseSchema;

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
          "JPEG, PNG, WebP or HEIC/HEIF by their bytes; each at most 10 MB and IMAGE_MAX_MEGAPIXELS (25 by default) megapixels, refused from its header. Decoding is queued: 503 `images_busy` with Retry-After when the queue is full. Optional fields `orderId` and `productId` (and `lineId`) limit the count to that line's mediaLimit, else at most 10. Every photo is re-encoded (metadata such as GPS removed). All or nothing. 30 requests per 10 minutes per customer.",
        consumes: ['multipart/form-data'],
        response: {
          201: uploadedImagesSchema,
          400: refusalSchema,
          401: refusalSchema,
          404: refusalSchema,
          409: refusalSchema,
          413: refusalSchema,
          415: refusalSchema,
          429: refusalSchema,
          503: refusalSchema,
        },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const me = caller(request);
      const ready = await receiveUploads(app, app.db, request, me.id).catch((error: unknown) => {
        // Refused, maybe part-way through the body: the rest is not read, so the connection cannot carry another
        // request (and would keep the server from closing). Close it once the answer is sent.
        reply.header('connection', 'close');
        throw error;
      });
      const images = await saveUploads({ db: app.db, store: app.objectStore }, me.id, ready);
      return reply.code(201).send(images);
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
          "Until the order goes into production (then 409). Photos are ids from the upload answer, each the caller's and used for one unit only. Answers the order as it now is.",
        body: customisationRequestSchema,
        response: { 200: orderSchema, 400: refusalSchema, 401: refusalSchema, 404: refusalSchema, 409: refusalSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      const me = caller(request);
      const { orderId, productId, lineId, customisation } = request.body;
      await sendCustomisation(app.db, me.id, { orderId, productId, lineId, customisation });
      const order = await findOrder(app.db, orderId, me.id);
      if (!order) throw new Refusal('customisation_order_not_found');
      return order;
    },
  );

  app.get(
    '/api/user/uploads/:id/:size',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['personalisation'],
        summary: "One uploaded photo: 80x80 `thumbnail` or `display` size; only to its uploader and the shop's staff",
        params: z.object({ id: z.string().max(100), size: z.enum(['thumbnail', 'display'], { error: coded('upload_size_invalid') }) }),
        response: { 400: refusalSchema, 401: refusalSchema, 404: refusalSchema },
      },
    },
    async (request, reply) => {
      // A refusal is never cached; the photo itself is, privately (below).
      noStore(reply);
      const object = await readUpload({ db: app.db, store: app.objectStore }, caller(request), request.params.id, request.params.size);
      return (
        reply
          .header('content-type', object.contentType)
          .header('x-content-type-options', 'nosniff')
          .header('content-disposition', 'inline')
          .header('cache-control', IMAGE_CACHE)
          // Nothing in an image may run or load anything, even if opened on its own.
          .header('content-security-policy', "default-src 'none'; sandbox")
          // Bytes, sent as they are (Fastify never runs a serializer on a Buffer); the schema lists only the errors.
          .send(object.body as never)
      );
    },
  );
};
