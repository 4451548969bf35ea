import multipart from '@fastify/multipart';
import { siteSettings } from '@shop/db';
import { coded } from '@shop/domain/field-errors';
import { GIFT_MESSAGE_MAX } from '@shop/domain/gift/gift';
import { giftTermsSchema, wrapPriceOf } from '@shop/domain/gift/gift-settings';
import { orderProofsSchema, proofAnswerRequestSchema } from '@shop/domain/gift/proofs';
import { MAX_UPLOAD_BYTES } from '@shop/domain/customisation';
import { asc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bytesOf, partsOf } from '../../customisation/multipart-parts.ts';
import { renderPackingSlip } from '../../gifting/packing-slip.ts';
import { answerProof, readProofImage, uploadProof } from '../../gifting/proofs.ts';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { fieldRefusal, Refusal } from '../../lib/refusal.ts';
import { caller, orderDeps } from '../../orders/deps.ts';
import { findOrder } from '../../orders/order-view.ts';

const errors = { 400: errorResponseSchema, 401: errorResponseSchema, 403: errorResponseSchema, 404: errorResponseSchema };
const orderParams = z.object({ id: z.string().max(100) });
const NOTE_MAX = 500;

/**
 * Gifting (issue 24): the checkout's gift terms, the packing slip for staff, and proofs (staff upload a version, the
 * customer approves it or asks for changes; the images go only to the order's customer and staff).
 */
export const giftingRoutes: FastifyPluginAsyncZod = async (app) => {
  // One proof image per request, plus a short note.
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2, fieldSize: NOTE_MAX * 4, parts: 4 } });
  const deps = orderDeps(app);
  const giftSettings = () => deps.giftSettings();

  app.get(
    '/api/checkout/gift-terms',
    {
      schema: {
        tags: ['orders'],
        operationId: 'giftTerms',
        summary: 'Gift options for the checkout: the gift-wrap price in paise (null: not offered) and the longest gift message',
        response: { 200: giftTermsSchema },
      },
    },
    async (_request, reply) => {
      noStore(reply);
      return { wrapFee: wrapPriceOf(await giftSettings()), messageMax: GIFT_MESSAGE_MAX };
    },
  );

  app.get(
    '/api/admin/orders/:id/packing-slip.pdf',
    {
      config: { adminRole: 'staff' },
      schema: {
        tags: ['admin'],
        operationId: 'adminPackingSlip',
        summary: 'The packing slip of an order as a PDF: recipient, items, personalisation, gift message; never a price (staff, admin)',
        params: orderParams,
        response: errors,
      },
    },
    async (request, reply) => {
      noStore(reply);
      const order = await findOrder(app.db, request.params.id);
      if (!order) throw new Refusal('admin_order_not_found');
      const [shop] = await app.db.select({ name: siteSettings.name }).from(siteSettings).orderBy(asc(siteSettings.createdAt)).limit(1);
      const pdf = await renderPackingSlip(order, shop?.name ?? 'Kaarigar');
      return reply
        .header('content-type', 'application/pdf')
        .header('content-disposition', `attachment; filename="${order.number}-packing-slip.pdf"`)
        .header('x-content-type-options', 'nosniff')
        .send(pdf as never);
    },
  );

  app.post(
    '/api/admin/orders/:id/proofs',
    {
      config: { adminRole: 'staff', rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        operationId: 'adminUploadProof',
        summary: 'Upload a proof of an order (multipart: file, optional note); the customer is asked to answer it (staff, admin)',
        description: 'An order that takes no proof, or has gone into production, answers 409 `proof_not_needed`.',
        consumes: ['multipart/form-data'],
        params: orderParams,
        response: { 201: orderProofsSchema, ...errors, 409: errorResponseSchema, 413: errorResponseSchema, 415: errorResponseSchema, 503: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      if (!request.isMultipart()) throw fieldRefusal('file', 'no_files');
      let bytes: Buffer | undefined;
      let note: string | null = null;
      try {
        for await (const part of partsOf(request, { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 2, fieldSize: NOTE_MAX * 4, parts: 4 })) {
          if (part.type === 'field') {
            if (part.fieldname === 'note' && typeof part.value === 'string')
              note =
                part.value
                  .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
                  .trim()
                  .slice(0, NOTE_MAX) || null;
            continue;
          }
          if (part.fieldname !== 'file' || bytes) throw fieldRefusal('file', 'no_files');
          bytes = await bytesOf(part);
        }
      } catch (error) {
        if (error instanceof Refusal) throw error;
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw fieldRefusal('file', 'file_too_large');
        if (error instanceof app.multipartErrors.FilesLimitError) throw fieldRefusal('file', 'too_many_files', { max: 1 });
        if (error instanceof app.multipartErrors.FieldsLimitError || error instanceof app.multipartErrors.PartsLimitError)
          throw fieldRefusal('request', 'too_many_fields');
        throw error;
      }
      if (!bytes || bytes.length === 0) throw fieldRefusal('file', 'no_files');
      const { image } = await app.images.process(bytes);
      const proofs = await uploadProof({ db: app.db, store: app.objectStore }, caller(request), request.params.id, image, note);
      app.outbox.worker.wake();
      return reply.code(201).send(proofs);
    },
  );

  app.post(
    '/api/user/order/:id/proofs/:proofId/answer',
    {
      onRequest: app.requireUser,
      bodyLimit: 8 * 1024,
      schema: {
        tags: ['orders'],
        operationId: 'answerProof',
        summary: 'Approve the latest proof of my order, or ask for changes with a comment',
        description: 'A proof already answered or replaced by a newer version answers 409 `proof_already_answered`.',
        params: z.object({ id: z.string().max(100), proofId: z.string().max(100) }),
        body: proofAnswerRequestSchema,
        response: { 200: orderProofsSchema, ...errors, 409: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      return answerProof(app.db, caller(request).id, request.params.id, request.params.proofId, request.body);
    },
  );

  app.get(
    '/api/order-proofs/:proofId/:size',
    {
      onRequest: app.requireUser,
      schema: {
        tags: ['orders'],
        operationId: 'proofImage',
        summary: "A proof image, `display` or 80x80 `thumbnail`; only to the order's customer and the shop's staff",
        params: z.object({ proofId: z.string().max(100), size: z.enum(['thumbnail', 'display'], { error: coded('upload_size_invalid') }) }),
        response: errors,
      },
    },
    async (request, reply) => {
      noStore(reply);
      const object = await readProofImage({ db: app.db, store: app.objectStore }, caller(request), request.params.proofId, request.params.size);
      return reply
        .header('content-type', object.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('content-disposition', 'inline')
        .header('cache-control', 'private, max-age=86400')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .send(object.body as never);
    },
  );
};
