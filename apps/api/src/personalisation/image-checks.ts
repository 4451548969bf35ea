import { type AcceptedImageFormat, customisationMessages, MAX_UPLOAD_MEGAPIXELS, sniffImageFormat } from '@shop/domain/customisation';
import sharp, { type Metadata } from 'sharp';
import { fieldError } from './errors.ts';

/** Most pixels an upload may have, checked from its header before anything is decoded. */
export const MAX_INPUT_PIXELS = MAX_UPLOAD_MEGAPIXELS * 1_000_000;

/**
 * Markup that a browser could run or render if these bytes were ever served as something other than an image. A
 * photo has no reason to contain any of it; a "polyglot" (a valid JPEG with a script appended) does. Stored images
 * are re-encoded, so these bytes are never served anyway: this refuses the attempt outright. Each tag must be
 * followed by what follows a tag name (space, `>`, `/`), which keeps false alarms in the compressed data of a real
 * photo rare (about 1 in 3,000 for a 5 MB JPEG, against 1 in 100 for a bare `<svg`; decision 023).
 */
const MARKUP = /<(?:script|html|svg)[\s>/]|<!doctype[\s>]|<\?php[\s>]/i;

export interface CheckedImage {
  format: AcceptedImageFormat;
  width: number;
  height: number;
  /** The codec inside a HEIF container: sharp's own libheif decodes AV1 but not HEVC. */
  compression: string | undefined;
}

/** Cheap checks before decoding: the format by its bytes, no markup anywhere, and the pixel count from the header. */
export async function checkUpload(bytes: Buffer): Promise<CheckedImage> {
  const format = sniffImageFormat(bytes);
  // latin1 maps every byte to one character, so the search sees the raw bytes.
  if (!format || MARKUP.test(bytes.toString('latin1'))) throw fieldError(415, 'files', customisationMessages.fileType);
  let metadata: Metadata;
  try {
    metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
  } catch {
    throw fieldError(400, 'files', customisationMessages.unreadable);
  }
  const { width, height } = metadata;
  if (!width || !height) throw fieldError(400, 'files', customisationMessages.unreadable);
  if (width * height > MAX_INPUT_PIXELS) throw fieldError(400, 'files', customisationMessages.tooManyPixels);
  // The container must agree with the bytes' signature (a PNG signature on a JPEG body is not a photo we trust).
  const expected = format === 'heif' ? 'heif' : format;
  if (metadata.format !== expected) throw fieldError(415, 'files', customisationMessages.fileType);
  return { format, width, height, compression: metadata.compression };
}
