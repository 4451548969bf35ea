import type { Multipart } from '@fastify/multipart';
import { customisationMessages, MAX_MEDIA_LIMIT, MAX_UPLOAD_BYTES, mediaLimitOf } from '@shop/domain/customisation';
import type { Database } from '@shop/db';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { CustomisationError, fieldError } from './errors.ts';
import { findOpenLine } from './find-line.ts';
import { checkUpload } from './image-checks.ts';
import { processImage } from './process-image.ts';
import type { ReadyUpload } from './save-uploads.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const idFields = { orderId: customisationMessages.orderId, productId: customisationMessages.productId, lineId: customisationMessages.lineId } as const;
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
 * held, never ten originals. Throws a CustomisationError on the first problem: nothing of the request is kept.
 * Send the id fields before the files to have a wrong line refused before any file is processed.
 */
export async function receiveUploads(app: FastifyInstance, db: Database, request: FastifyRequest, userId: string): Promise<ReadyUpload[]> {
  if (!request.isMultipart()) throw fieldError(400, 'files', customisationMessages.noFiles);
  const ids: Partial<Record<IdField, string>> = {};
  let limit: number | undefined;
  const ready: ReadyUpload[] = [];

  const resolveLimit = async () => {
    if (limit !== undefined) return limit;
    if (!ids.orderId && !ids.productId && !ids.lineId) return MAX_MEDIA_LIMIT;
    if (!ids.orderId) throw fieldError(400, 'orderId', customisationMessages.orderId);
    if (!ids.productId) throw fieldError(400, 'productId', customisationMessages.productId);
    const { line } = await findOpenLine(db, userId, { orderId: ids.orderId, productId: ids.productId, lineId: ids.lineId }, false);
    limit = mediaLimitOf(line.customization);
    return limit;
  };

  try {
    for await (const part of request.parts({ limits: multipartLimits }) as AsyncIterable<Multipart>) {
      if (part.type === 'field') {
        if (!(part.fieldname in idFields)) continue;
        const field = part.fieldname as IdField;
        if (typeof part.value !== 'string' || !UUID.test(part.value) || ids[field] !== undefined) throw fieldError(400, field, idFields[field]);
        ids[field] = part.value;
        continue;
      }
      if (part.fieldname !== 'files') throw fieldError(400, 'files', customisationMessages.noFiles);
      // Id fields sent after the first file count too, but they are checked when the files are all in.
      const max = Object.keys(ids).length > 0 ? await resolveLimit() : MAX_MEDIA_LIMIT;
      if (ready.length + 1 > max) throw fieldError(400, 'files', customisationMessages.tooManyFiles(max));
      const bytes = await part.toBuffer();
      if (bytes.length === 0) throw fieldError(400, 'files', customisationMessages.unreadable);
      const checked = await checkUpload(bytes);
      ready.push({ image: await processImage(bytes, checked), sourceFormat: checked.format, sourceBytes: bytes.length });
    }
  } catch (error) {
    if (error instanceof CustomisationError) throw error;
    if (error instanceof app.multipartErrors.RequestFileTooLargeError) throw fieldError(413, 'files', customisationMessages.fileTooLarge);
    if (error instanceof app.multipartErrors.FilesLimitError) throw fieldError(400, 'files', customisationMessages.tooManyFiles(MAX_MEDIA_LIMIT));
    if (error instanceof app.multipartErrors.FieldsLimitError || error instanceof app.multipartErrors.PartsLimitError) {
      throw fieldError(413, 'request', 'Too many form fields: send `files` and at most orderId, productId and lineId');
    }
    throw error;
  }

  if (ready.length === 0) throw fieldError(400, 'files', customisationMessages.noFiles);
  const max = await resolveLimit();
  if (ready.length > max) throw fieldError(400, 'files', customisationMessages.tooManyFiles(max));
  return ready;
}
