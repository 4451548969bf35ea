import { randomUUID } from 'node:crypto';
import { customisationUploads, type Database } from '@shop/db';
import type { AcceptedImageFormat, UploadedImage } from '@shop/domain/customisation';
import type { ObjectStore } from '../storage/object-store.ts';
import type { ProcessedImage } from './process-image.ts';
import { toUploadedImage } from './uploaded-image.ts';

export interface ReadyUpload {
  image: ProcessedImage;
  sourceFormat: AcceptedImageFormat;
  sourceBytes: number;
}

/**
 * Random object names, nothing in them from the client; one flat folder (the disk store leaves emptied folders
 * behind, so a folder per upload would pile up empty ones).
 */
function keysFor(): { display: string; thumbnail: string } {
  const name = `customisation/${randomUUID()}`;
  return { display: `${name}-display.webp`, thumbnail: `${name}-thumbnail.webp` };
}

/**
 * Stores a request's images and their rows, all or nothing: every object is written first, then the rows in one
 * statement; if anything fails, the objects already written are removed again (a crash in between leaves objects
 * without rows, which no one can reach, rather than rows without objects).
 */
export async function saveUploads(deps: { db: Database; store: ObjectStore }, userId: string, uploads: ReadyUpload[]): Promise<UploadedImage[]> {
  const written: string[] = [];
  const planned = uploads.map((upload) => ({ upload, keys: keysFor() }));
  try {
    for (const { upload, keys } of planned) {
      await deps.store.put(keys.display, upload.image.display.body, upload.image.display.contentType);
      written.push(keys.display);
      await deps.store.put(keys.thumbnail, upload.image.thumbnail.body, upload.image.thumbnail.contentType);
      written.push(keys.thumbnail);
    }
    const rows = await deps.db
      .insert(customisationUploads)
      .values(
        planned.map(({ upload, keys }) => ({
          userId,
          displayKey: keys.display,
          thumbnailKey: keys.thumbnail,
          displayType: upload.image.display.contentType,
          sourceFormat: upload.sourceFormat,
          sourceBytes: upload.sourceBytes,
          width: upload.image.display.width,
          height: upload.image.display.height,
        })),
      )
      .returning({ id: customisationUploads.id });
    return rows.map((row) => toUploadedImage(row.id));
  } catch (error) {
    await Promise.allSettled(written.map((key) => deps.store.delete(key)));
    throw error;
  }
}
