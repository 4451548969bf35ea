import { MAX_MEDIA_LIMIT, MAX_UPLOAD_BYTES, mediaLimitOf } from '@shop/domain/customisation';
import type { Database } from '@shop/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fieldRefusal, Refusal } from '../lib/refusal.ts';
import { findOpenLine } from './find-line.ts';
import { bytesOf, partsOf } from './multipart-parts.ts';
import type { ReadyUpload } from './save-uploads.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idFields = { orderId: 'order_id_invalid', productId: 'product_id_invalid', lineId: 'line_id_needed' } as const;
type IdField = keyof typeof idFields;

/** Busboy's limits: files one above the most we take (so we can say "too many" ourselves), a few short fields. */
export const multipartLimits = {
  fileSize: MAX_UPLOAD_BYTES,
  files: MAX_MEDIA_LIMIT + 1,
  fields: 6,
  fieldSize: 200,
  parts: MAX_MEDIA_LIMIT + 8,
  headerPairs: 50,
};

/**
 * Reads one upload request: field `files` repeated, and optionally `orderId` + `productId` (+ `lineId`) naming the
 * caller's open, personalised line, which narrows the count to that line's mediaLimit (else MAX_MEDIA_LIMIT). Each
 * file is checked (bytes, markup, pixels) and re-encoded as it arrives, so only the small re-encoded images are
 * held, never ten originals. Throws a Refusal on the first problem: nothing of the request is kept.
 * Send the id fields before the files to have a wrong line refused before any file is processed.
 */
export async function receiveUploads(app: FastifyInstance, db: Database, request: FastifyRequest, userId: string): Promise<ReadyUpload[]> {
  if (!request.isMultipart()) throw fieldRefusal('files', 'no_files');
  const ids: Partial<Record<IdField, string>> = {};
  let limit: number | undefined;
  const ready: ReadyUpload[] = [];

  const resolveLimit = async () => {
    if (limit !== undefined) return limit;
    if (!ids.orderId && !ids.productId && !ids.lineId) return MAX_MEDIA_LIMIT;
    if (!ids.orderId) throw fieldRefusal('orderId', 'order_id_invalid');
    if (!ids.productId) throw fieldRefusal('productId', 'product_id_invalid');
    const { line } = await findOpenLine(db, userId, { orderId: ids.orderId, productId: ids.productId, lineId: ids.lineId }, false);
    limit = mediaLimitOf(line.customization);
    return limit;
  };

  try {
    for await (const part of partsOf(request, multipartLimits)) {
      if (part.type === 'field') {
        if (!(part.fieldname in idFields)) continue;
        const field = part.fieldname as IdField;
        if (typeof part.value !== 'string' || !UUID.test(part.value) || ids[field] !== undefined) throw fieldRefusal(field, idFields[field]);
        ids[field] = part.value;
        continue;
      }
      if (part.fieldname !== 'files') throw fieldRefusal('files', 'no_files');
      // Id fields sent after the first file count too, but they are checked when the files are all in.
      const max = Object.keys(ids).length > 0 ? await resolveLimit() : MAX_MEDIA_LIMIT;
      if (ready.length + 1 > max) throw fieldRefusal('files', 'too_many_files', { max });
      const bytes = await bytesOf(part);
      if (bytes.length === 0) throw fieldRefusal('files', 'unreadable');
      const { checked, image } = await app.images.process(bytes);
      ready.push({ image, sourceFormat: checked.format, sourceBytes: bytes.length });
    }
  } catch (error) {
    if (error instanceof Refusal) throw error;
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw fieldRefusal('files', 'file_too_large');
    if (error instanceof app.multipartErrors.FilesLimitError) throw fieldRefusal('files', 'too_many_files', { max: MAX_MEDIA_LIMIT });
    if (error instanceof app.multipartErrors.FieldsLimitError || error instanceof app.multipartErrors.PartsLimitError) {
      throw fieldRefusal('request', 'too_many_fields');
    }
    throw error;
  }

  if (ready.length === 0) throw fieldRefusal('files', 'no_files');
  const max = await resolveLimit();
  if (ready.length > max) throw fieldRefusal('files', 'too_many_files', { max });
  return ready;
}
