import { createHash, randomUUID } from 'node:crypto';
import type { StoredImage } from '@shop/db';
import { MAX_PRODUCT_IMAGES } from '@shop/domain/admin/products';
import { MAX_UPLOAD_BYTES } from '@shop/domain/customisation';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bytesOf, partsOf } from '../../customisation/multipart-parts.ts';
import { fieldRefusal } from '../../lib/refusal.ts';

/** Where uploaded product pictures go under media/ (disk or bucket, beside the seed's `catalogue/`), and their URL. */
export const productImageFolder = 'products';
const urlPrefix = `/api/media/${productImageFolder}/`;

export const imageMultipartLimits = {
  fileSize: MAX_UPLOAD_BYTES,
  files: MAX_PRODUCT_IMAGES + 1,
  fields: 4,
  fieldSize: 300,
  parts: MAX_PRODUCT_IMAGES + 6,
  headerPairs: 50,
};

/**
 * Reads the `files` parts of an upload and stores each as the catalogue stores its pictures: re-encoded to WebP by
 * sharp (the personalisation pipeline's checks first: format by its bytes, no markup, pixel count from the header;
 * metadata such as GPS dropped; upright), longest side at most 2048, plus an 80x80 thumbnail for lists. Files are
 * named by a hash of their content, so they can be cached for a year like the seed's (media plugin). An optional
 * `alt` field applies to every file of the request. Files are written before the database row changes; a failed
 * request can leave an unreferenced file behind, which costs disk only.
 */
export async function receiveProductImages(app: FastifyInstance, request: FastifyRequest, room: number): Promise<StoredImage[]> {
  if (!request.isMultipart()) throw fieldRefusal('files', 'product_files_required');
  const saved: StoredImage[] = [];
  let alt = '';
  try {
    for await (const part of partsOf(request, imageMultipartLimits)) {
      if (part.type === 'field') {
        if (part.fieldname === 'alt' && typeof part.value === 'string') alt = part.value.trim().slice(0, 300);
        continue;
      }
      if (part.fieldname !== 'files') throw fieldRefusal('files', 'product_files_field');
      if (saved.length + 1 > room) throw fieldRefusal('files', 'product_images_full');
      const bytes = await bytesOf(part);
      if (bytes.length === 0) throw fieldRefusal('files', 'product_file_empty');
      const { image: processed } = await app.images.process(bytes);
      const digest = createHash('sha1').update(processed.display.body).digest('hex').slice(0, 12);
      const name = `${randomUUID().slice(0, 8)}-${digest}`;
      await app.media.put(`${productImageFolder}/${name}.webp`, processed.display.body, processed.display.contentType);
      await app.media.put(`${productImageFolder}/${name}-thumb.webp`, processed.thumbnail.body, processed.thumbnail.contentType);
      saved.push({
        id: name,
        original: `${urlPrefix}${name}.webp`,
        thumbnail: `${urlPrefix}${name}-thumb.webp`,
        width: processed.display.width,
        height: processed.display.height,
        ...(alt ? { alt } : {}),
      });
    }
  } catch (error) {
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw fieldRefusal('files', 'product_file_too_big');
    if (error instanceof app.multipartErrors.FilesLimitError) throw fieldRefusal('files', 'product_images_full');
    if (error instanceof app.multipartErrors.FieldsLimitError || error instanceof app.multipartErrors.PartsLimitError) {
      throw fieldRefusal('request', 'product_upload_fields');
    }
    throw error;
  }
  if (saved.length === 0) throw fieldRefusal('files', 'product_files_missing');
  return saved;
}
