import { z } from 'zod';
import type { ProductCustomisation } from './catalogue.ts';
import { DEFAULT_MEDIA_LIMIT, MAX_CUSTOMISATION_TEXT, MAX_CUSTOMISED_UNITS, MAX_MEDIA_LIMIT } from './customisation-limits.ts';
import { coded } from './field-errors.ts';
import type { OrderStatus } from './order-status.ts';
import { type FieldRefusal, fieldRefusal, type RefusalCode } from './refusals/index.ts';
import { hasControlCharacters } from './text-rules.ts';

/**
 * Personalisation of ordered products (issue 5, spec §2 customisation dialog, §3, §5, §7, §9). The customer sends,
 * for every unit of a customisable line, a text and/or photos; the dialog checks with these rules before sending and
 * the API checks again with the same rules (plus ownership, which only the server can know).
 */

export const customisationApiPaths = {
  /** POST multipart, field `files` repeated per file: answers UploadedImage[]. */
  upload: '/api/user/order/customised-uploads',
  /** POST CustomisationRequest (JSON). */
  add: '/api/user/order/customized-add',
  /** GET one stored upload: `thumbnail` (80x80) or `display`; only to its uploader and the shop's staff. */
  image: (id: string, size: UploadSize) => `/api/user/uploads/${encodeURIComponent(id)}/${size}`,
} as const;

export type UploadSize = 'thumbnail' | 'display';

export {
  DEFAULT_MEDIA_LIMIT,
  DISPLAY_MAX_SIDE,
  MAX_CUSTOMISATION_TEXT,
  MAX_CUSTOMISED_UNITS,
  MAX_MEDIA_LIMIT,
  MAX_UPLOAD_BYTES,
  MAX_UPLOAD_MEGABYTES,
  MAX_UPLOAD_MEGAPIXELS,
  THUMBNAIL_SIZE,
} from './customisation-limits.ts';

/** The mediaLimit that applies (spec §9: default 1). */
export function mediaLimitOf(customization: Pick<ProductCustomisation, 'mediaLimit'> | null | undefined): number {
  const limit = customization?.mediaLimit;
  return typeof limit === 'number' && Number.isInteger(limit) && limit >= 1 ? limit : DEFAULT_MEDIA_LIMIT;
}

/**
 * The dialog's own texts, word for word where the spec gives them. Its rules' texts are refusal codes
 * (refusals/customisation.ts: `text_required` is 'Details is required', `image_count` 'please select only {count}
 * image for every product', …).
 */
export const customisationMessages = {
  intro: (name: string) => `Enter your customization details below for product ${name}.`,
  unitLabel: (unit: number, name: string) => `Quantity ${unit} : ${name}`,
  placeholder: 'Add customization details',
  uploading: 'Uploading...',
  send: 'Send',
  success: 'Details added successfully',
} as const;

/** An upload as the API answers it (spec §7 "list of uploaded image references"). */
export const uploadedImageSchema = z.object({
  id: z.string(),
  /** The display-size image (longest side at most DISPLAY_MAX_SIDE). */
  original: z.string(),
  /** 80x80. */
  thumbnail: z.string(),
});
export type UploadedImage = z.infer<typeof uploadedImageSchema>;
export const uploadedImagesSchema = z.array(uploadedImageSchema);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uuid = (code: RefusalCode) => z.string({ error: coded(code) }).regex(UUID, { error: coded(code) });

/** A client may send back the whole reference it got from the upload, or just its id: only the id is used. */
const imageRefSchema = z
  .union([z.string(), z.object({ id: z.string() }).loose()], { error: coded('image_not_found') })
  .transform((ref) => (typeof ref === 'string' ? ref : ref.id))
  .pipe(uuid('image_not_found'));

/** One unit's details as sent: both fields may be present, `shapeCustomisation` drops the one the type does not use. */
export const customisationEntrySchema = z.object({
  text: z.string({ error: coded('text_required') }).default(''),
  images: z
    .array(imageRefSchema, { error: coded('image_not_found') })
    .max(MAX_MEDIA_LIMIT, { error: coded('too_many_images') })
    .default([]),
});
export type CustomisationEntry = z.output<typeof customisationEntrySchema>;

/**
 * POST customized-add (spec §3 customisation payload). How many entries the line needs is known only with the order
 * (`unit_count` from checkCustomisation, naming the line's quantity), so an empty list passes here.
 */
export const customisationRequestSchema = z.object({
  productId: uuid('product_id_invalid'),
  orderId: uuid('order_id_invalid'),
  /**
   * Which line, when the product is in the order more than once (two options of it); optional otherwise. Not in the
   * spec's payload: an addition that the spec's clients never need to send.
   */
  lineId: uuid('line_id_needed').optional(),
  customisation: z.array(customisationEntrySchema, { error: coded('units_missing') }).max(MAX_CUSTOMISED_UNITS, { error: coded('too_many_units') }),
});
export type CustomisationRequest = z.input<typeof customisationRequestSchema>;

/** Spec §5: type text sends text with no images, type image sends images with empty text, both sends both. */
export function shapeCustomisation(type: ProductCustomisation['type'], entries: readonly CustomisationEntry[]): CustomisationEntry[] {
  return entries.map((entry) => ({
    text: type === 'image' ? '' : entry.text.trim(),
    images: type === 'text' ? [] : [...entry.images],
  }));
}

/**
 * Spec §5's rules for a whole line, after shaping: text required (and sane) for text/both, exactly mediaLimit images
 * per unit for image/both, one entry per ordered unit. Answers coded field refusals keyed like the payload
 * ("customisation.0.text", "customisation.1.images", "customisation"); empty when all is well. The API answers them
 * as they are; the dialog translates their codes.
 */
export function checkCustomisation(
  customization: ProductCustomisation,
  quantity: number,
  entries: readonly CustomisationEntry[],
): Record<string, FieldRefusal> {
  const errors: Record<string, FieldRefusal> = {};
  if (entries.length !== quantity) errors.customisation = fieldRefusal('unit_count', { count: quantity });
  const limit = mediaLimitOf(customization);
  entries.forEach((entry, index) => {
    if (customization.type !== 'image') {
      const text = entry.text.trim();
      const field = `customisation.${index}.text`;
      if (text.length === 0) errors[field] = fieldRefusal('text_required');
      else if (text.length > MAX_CUSTOMISATION_TEXT) errors[field] = fieldRefusal('text_too_long');
      else if (hasControlCharacters(text)) errors[field] = fieldRefusal('text_invalid');
    }
    if (customization.type !== 'text' && entry.images.length !== limit) errors[`customisation.${index}.images`] = fieldRefusal('image_count', { count: limit });
  });
  return errors;
}

/** Spec §5: picking files for a unit raises the count refusal at once when the count differs from mediaLimit. */
export function checkSelectedFileCount(customization: Pick<ProductCustomisation, 'mediaLimit'>, count: number): FieldRefusal | null {
  const limit = mediaLimitOf(customization);
  return count === limit ? null : fieldRefusal('image_count', { count: limit });
}

/** Details may be sent or replaced until the order goes into production (and never on a cancelled order). */
export function customisationOpen(status: OrderStatus): boolean {
  return status === 'placed' || status === 'confirmed';
}

/** Why details can no longer be sent for an order in `status` (null while they can). */
export function customisationClosedCode(status: OrderStatus): 'order_locked' | 'order_cancelled' | null {
  if (customisationOpen(status)) return null;
  return status === 'cancelled' ? 'order_cancelled' : 'order_locked';
}

/** What the customer sent for one unit, as an order line shows it (spec §3: each per-unit entry holds customization_image). */
export const unitCustomisationSchema = z.object({
  text: z.string(),
  customization_image: z.array(uploadedImageSchema),
});
export type UnitCustomisation = z.infer<typeof unitCustomisationSchema>;

/** The personalisation of one order line: null `units` until sent. `locked` once the order is in production. */
export const lineCustomisationSchema = z.object({
  units: z.array(unitCustomisationSchema).nullable(),
  sentAt: z.string().nullable(),
  locked: z.boolean(),
});
export type LineCustomisation = z.infer<typeof lineCustomisationSchema>;

/** Every format the upload accepts, by its first bytes (never by name or declared type). */
export type AcceptedImageFormat = 'jpeg' | 'png' | 'webp' | 'heif';

/**
 * Sniffs an image format from its leading bytes. HEIC/HEIF is an ISO-BMFF `ftyp` box with a HEIF brand; AVIF shares
 * the container but is not a phone camera's format, so it is not accepted.
 */
export function sniffImageFormat(bytes: Uint8Array): AcceptedImageFormat | null {
  const at = (offset: number, ...values: number[]) => values.every((value, index) => bytes[offset + index] === value);
  if (bytes.length >= 3 && at(0, 0xff, 0xd8, 0xff)) return 'jpeg';
  if (bytes.length >= 8 && at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'png';
  if (bytes.length >= 12 && at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'webp';
  if (bytes.length >= 12 && at(4, 0x66, 0x74, 0x79, 0x70)) {
    const brand = String.fromCharCode(...bytes.subarray(8, 12));
    if (['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'].includes(brand)) return 'heif';
  }
  return null;
}
