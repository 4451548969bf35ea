import { type AcceptedImageFormat, MAX_UPLOAD_MEGAPIXELS, sniffImageFormat } from '@shop/domain/customisation';
import sharp, { type Metadata } from 'sharp';
import { fieldRefusal } from '../lib/refusal.ts';

/** Most pixels an upload may have by default (IMAGE_MAX_MEGAPIXELS), checked from its header before anything is decoded. */
export const MAX_INPUT_PIXELS = MAX_UPLOAD_MEGAPIXELS * 1_000_000;

/** `too_many_pixels` on field `files`, naming the limit in megapixels. */
export const tooManyPixels = (maxPixels: number) => fieldRefusal('files', 'too_many_pixels', { max: Math.round(maxPixels / 100_000) / 10 });

/**
 * Markup that a browser could run or render if these bytes were ever served as something other than an image. A
 * photo has no reason to contain any of it; a "polyglot" (a valid JPEG with a script appended) does. Stored images
 * are re-encoded, so these bytes are never served anyway: this refuses the attempt outright (decision 023).
 * Long markers are looked for everywhere: the chance that a photo's compressed data spells `<script` by accident is
 * about 10^-9 per 10 MB. Short ones (`<svg `, `<html>`) would appear by chance in about one 10 MB photo in 1,500, so
 * they are looked for only where a polyglot puts them and a camera puts metadata: the first 64 KB, and what follows
 * the image's own end marker (or the last 64 KB of a HEIF file, whose end is not one marker).
 */
const LONG_MARKUP = /<script[\s>/]|<!doctype[\s>]|<\?php[\s>]/i;
const SHORT_MARKUP = /<(?:html|svg)[\s>/]/i;
const EDGE = 64 * 1024;

/** Where the image data ends by its own format; anything after it is appended. */
function imageEnd(bytes: Buffer, format: AcceptedImageFormat): number {
  if (format === 'jpeg') {
    const end = bytes.lastIndexOf(Buffer.from([0xff, 0xd9]));
    return end < 0 ? bytes.length : end + 2;
  }
  if (format === 'png') {
    const end = bytes.lastIndexOf(Buffer.from('IEND', 'latin1'));
    return end < 0 ? bytes.length : end + 8;
  }
  if (format === 'webp') return Math.min(bytes.length, 8 + bytes.readUInt32LE(4));
  return Math.max(0, bytes.length - EDGE);
}

export function hasMarkup(bytes: Buffer, format: AcceptedImageFormat): boolean {
  // latin1 maps every byte to one character, so the search sees the raw bytes.
  if (LONG_MARKUP.test(bytes.toString('latin1'))) return true;
  const head = bytes.subarray(0, EDGE).toString('latin1');
  const tail = bytes.subarray(Math.min(imageEnd(bytes, format), bytes.length)).toString('latin1');
  return SHORT_MARKUP.test(head) || SHORT_MARKUP.test(tail);
}

export interface CheckedImage {
  format: AcceptedImageFormat;
  width: number;
  height: number;
  /** The codec inside a HEIF container: sharp's own libheif decodes AV1 but not HEVC. */
  compression: string | undefined;
}

/**
 * Cheap checks before decoding: the format by its bytes, no markup anywhere, and the pixel count from the header
 * (sharp's metadata() reads the header only: a 116 KB PNG declaring 40 megapixels is refused without being inflated).
 * Refuses on field `files` with `file_type` (415), `unreadable` or `too_many_pixels` (400); the back office's product
 * pictures go through the same checks, so these are plain coded Refusals any route's error handler answers.
 */
export async function checkUpload(bytes: Buffer, maxPixels: number = MAX_INPUT_PIXELS): Promise<CheckedImage> {
  const format = sniffImageFormat(bytes);
  if (!format || hasMarkup(bytes, format)) throw fieldRefusal('files', 'file_type');
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw fieldRefusal('files', 'unreadable');
  }
  const { width, height } = metadata;
  if (!width || !height) throw fieldRefusal('files', 'unreadable');
  if (width * height > maxPixels) throw tooManyPixels(maxPixels);
  // The container must agree with the bytes' signature (a PNG signature on a JPEG body is not a photo we trust).
  const expected = format === 'heif' ? 'heif' : format;
  if (metadata.format !== expected) throw fieldRefusal('files', 'file_type');
  return { format, width, height, compression: metadata.compression };
}
