import { DISPLAY_MAX_SIDE, THUMBNAIL_SIZE } from '@shop/domain/customisation';
import sharp, { type Sharp } from 'sharp';
import { fieldRefusal, Refusal } from '../lib/refusal.ts';
import { decodeHeicInWorker } from './decode-heic.ts';
import { type CheckedImage, MAX_INPUT_PIXELS, tooManyPixels } from './image-checks.ts';

/** What is stored for one upload: both images are new encodings, so no byte of the original file survives. */
export interface ProcessedImage {
  display: { body: Buffer; contentType: string; width: number; height: number };
  thumbnail: { body: Buffer; contentType: string };
}

/** A photo to print on a mug or a lamp shade: WebP at a quality where the print shows no artefacts. */
const DISPLAY_QUALITY = 85;
const THUMBNAIL_QUALITY = 70;

/**
 * The pixels of an upload, oriented: sharp reads JPEG, PNG, WebP and AV1-coded HEIF itself; HEVC-coded HEIC (what
 * phones take) is decoded by libheif compiled to WebAssembly (heic-decode), since sharp's prebuilt libvips has no
 * HEVC decoder (patents), and libheif applies the HEIF rotation itself. That decoder is synchronous, so it runs in a
 * worker thread (decode-heic.ts). `limitInputPixels` stays on as a second
 * guard behind the header check.
 */
async function pixels(bytes: Buffer, checked: CheckedImage, maxPixels: number): Promise<Sharp> {
  if (checked.format === 'heif' && checked.compression !== 'av1') {
    const decoded = await decodeHeicInWorker(bytes);
    if (decoded.width * decoded.height > maxPixels) throw tooManyPixels(maxPixels);
    return sharp(Buffer.from(decoded.data.buffer, decoded.data.byteOffset, decoded.data.byteLength), {
      raw: { width: decoded.width, height: decoded.height, channels: 4 },
      limitInputPixels: maxPixels,
    });
  }
  // rotate() with no angle turns the image upright by its EXIF orientation (the tag itself is not kept).
  return sharp(bytes, { limitInputPixels: maxPixels, failOn: 'error' }).rotate();
}

/**
 * Re-encodes one checked upload into a display image (longest side at most DISPLAY_MAX_SIDE) and an 80x80 cover
 * thumbnail. sharp writes no metadata unless asked (no EXIF, no GPS, no XMP; colours are converted to sRGB).
 * Refuses on field `files` with `too_many_pixels` or `unreadable` (400).
 */
export async function processImage(bytes: Buffer, checked: CheckedImage, maxPixels: number = MAX_INPUT_PIXELS): Promise<ProcessedImage> {
  try {
    const source = await pixels(bytes, checked, maxPixels);
    const [display, thumbnail] = await Promise.all([
      source
        .clone()
        .resize({ width: DISPLAY_MAX_SIDE, height: DISPLAY_MAX_SIDE, fit: 'inside', withoutEnlargement: true })
        .webp({ quality: DISPLAY_QUALITY })
        .toBuffer({ resolveWithObject: true }),
      source.clone().resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'cover' }).webp({ quality: THUMBNAIL_QUALITY }).toBuffer(),
    ]);
    return {
      display: { body: display.data, contentType: 'image/webp', width: display.info.width, height: display.info.height },
      thumbnail: { body: thumbnail, contentType: 'image/webp' },
    };
  } catch (error) {
    if (error instanceof Refusal) throw error;
    if (error instanceof Error && /pixel limit/i.test(error.message)) throw tooManyPixels(maxPixels);
    // A truncated or corrupt file that passed the header checks.
    throw fieldRefusal('files', 'unreadable');
  }
}
