import multipart from '@fastify/multipart';
import { imageSchema } from '@shop/domain/catalogue';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AdminRole } from '../../plugins/admin-guard.ts';
import { noStore } from '../../lib/cache.ts';
import { errorResponseSchema } from '../../lib/params.ts';
import { fieldRefusal, Refusal } from '../../lib/refusal.ts';
import { MAX_ADMIN_IMAGE_BYTES, storeCatalogueImage } from './catalogue-image.ts';

/**
 * POST <url> (multipart: `file`, optional `alt`): stores one re-encoded image and answers it as a StoredImage, which
 * the form then sends with the category, brand, slider or settings it belongs to. Nothing refers to it until then;
 * an image never used stays a small file under media/admin (named by its content, so re-uploads reuse it).
 * Call inside the route plugin that owns the URL: it registers multipart for that plugin only.
 */
export async function registerImageUpload(app: FastifyInstance, url: string, role: AdminRole, what: string): Promise<void> {
  await app.register(multipart, { limits: { fileSize: MAX_ADMIN_IMAGE_BYTES, files: 1, fields: 2, fieldSize: 300, parts: 4 } });
  app.withTypeProvider<ZodTypeProvider>().post(
    url,
    {
      config: { adminRole: role, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['admin'],
        summary: `Upload an image for ${what} (multipart: file, alt); answers the stored image`,
        consumes: ['multipart/form-data'],
        response: { 201: imageSchema, 400: errorResponseSchema, 413: errorResponseSchema, 415: errorResponseSchema },
      },
    },
    async (request, reply) => {
      noStore(reply);
      if (!request.isMultipart()) throw fieldRefusal('file', 'image_missing');
      let bytes: Buffer | undefined;
      let alt = '';
      try {
        for await (const part of request.parts()) {
          if (part.type === 'field') {
            if (part.fieldname === 'alt' && typeof part.value === 'string') alt = part.value.trim().slice(0, 200);
            continue;
          }
          if (part.fieldname !== 'file' || bytes) throw fieldRefusal('file', 'image_missing');
          bytes = await part.toBuffer();
        }
      } catch (error) {
        if (error instanceof Refusal) throw error;
        if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw fieldRefusal('file', 'image_too_big');
        throw fieldRefusal('file', 'image_missing');
      }
      if (!bytes || bytes.length === 0) throw fieldRefusal('file', 'image_missing');
      const image = await storeCatalogueImage(app.media, bytes, alt.replace(/[\u0000-\u001f]/g, ''), app.images.queue);
      return reply.code(201).send(image);
    },
  );
}
