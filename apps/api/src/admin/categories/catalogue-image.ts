import { createHash } from 'node:crypto';
import type { StoredImage } from '@shop/db';
import sharp, { type OutputInfo } from 'sharp';
import type { DecodeQueue } from '../../customisation/decode-queue.ts';
import { fieldRefusal, Refusal } from '../../lib/refusal.ts';
import type { CatalogueMedia } from '../../storage/catalogue-media.ts';

/** Back-office images go to media/admin (disk or bucket: catalogue-media.ts), served at /api/media/admin/<hash>.webp. */
const ADMIN_IMAGE_FOLDER = 'admin';
export const MAX_ADMIN_IMAGE_BYTES = 8 * 1024 * 1024;
const MAX_PIXELS = 40_000_000;
const MAX_SIDE = 1600;
/** The formats a photographer or designer hands over; SVG (script inside) and GIF are refused. */
const ACCEPTED = new Set(['jpeg', 'png', 'webp', 'avif']);

/**
 * Re-encodes an uploaded catalogue image the way the seed makes its catalogue images (WebP, quality 82), upright by
 * its EXIF orientation, at most 1600 px on its longest side, with no metadata kept. The file is named by the hash
 * of its content, so /api/media may cache it for a year and the same upload twice is one file (on disk written to a
 * temporary name and renamed, so a reader never sees half a file). The decode waits its turn in the process's image
 * queue (decision 047), like every upload's.
 */
export async function storeCatalogueImage(media: CatalogueMedia, bytes: Buffer, alt: string, queue: DecodeQueue): Promise<StoredImage> {
  let format: string | undefined;
  try {
    const meta = await sharp(bytes, { limitInputPixels: false }).metadata();
    format = meta.format;
    if (!meta.width || !meta.height) throw new Error('no size');
    if (format && ACCEPTED.has(format) && meta.width * meta.height > MAX_PIXELS) throw fieldRefusal('file', 'image_pixels');
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw fieldRefusal('file', 'image_type');
  }
  if (!format || !ACCEPTED.has(format)) throw fieldRefusal('file', 'image_type');

  let output: { data: Buffer; info: OutputInfo };
  try {
    output = await queue.run(() =>
      sharp(bytes, { limitInputPixels: MAX_PIXELS, failOn: 'error' })
        .rotate()
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: 82 })
        .toBuffer({ resolveWithObject: true }),
    );
  } catch (error) {
    if (error instanceof Refusal) throw error;
    throw fieldRefusal('file', 'image_unreadable');
  }
  const name = createHash('sha256').update(output.data).digest('hex').slice(0, 24);
  await media.put(`${ADMIN_IMAGE_FOLDER}/${name}.webp`, output.data, 'image/webp');
  return {
    id: name,
    original: `/api/media/${ADMIN_IMAGE_FOLDER}/${name}.webp`,
    width: output.info.width,
    height: output.info.height,
    ...(alt ? { alt } : {}),
  };
}
