import { z } from 'zod';
import type { ProductCustomization } from './catalogue.ts';
import type { OrderStatus } from './order-status.ts';
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

/** Spec §9. */
export const DEFAULT_MEDIA_LIMIT = 1;
export const THUMBNAIL_SIZE = 80;
/** Longest side of the stored display image: enough to print a photo on a mug or a lamp shade. */
export const DISPLAY_MAX_SIDE = 2048;
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
export const MAX_UPLOAD_MEGAPIXELS = 40;
export const MAX_CUSTOMISATION_TEXT = 500;
/** Most photos one unit may need: a collage frame; anything above is a wholesale job. */
export const MAX_MEDIA_LIMIT = 10;

/** The mediaLimit that applies (spec §9: default 1). */
export function mediaLimitOf(customization: Pick<ProductCustomization, 'mediaLimit'> | null | undefined): number {
  const limit = customization?.mediaLimit;
  return typeof limit === 'number' && Number.isInteger(limit) && limit >= 1 ? limit : DEFAULT_MEDIA_LIMIT;
}

/** Every text of the dialog and every rule message, word for word where the spec gives them. */
export const customisationMessages = {
  intro: (name: string) => `Enter your customization details below for product ${name}.`,
  unitLabel: (unit: number, name: string) => `Quantity ${unit} : ${name}`,
  placeholder: 'Add customization details',
  uploading: 'Uploading...',
  send: 'Send',
  success: 'Details added successfully',
  textRequired: 'Details is required',
  imageCount: (mediaLimit?: number | null) => `please select only ${mediaLimit || 1} image for every product`,
  textTooLong: `Details can be at most ${MAX_CUSTOMISATION_TEXT} characters`,
  textInvalid: 'Remove the unusual characters from the details',
  orderId: 'Order id is missing or not an order id',
  productId: 'Product id is missing or not a product id',
  orderNotFound: 'Order not found',
  productNotInOrder: 'This product is not in this order',
  lineId: 'This product is in the order more than once: say which line (lineId)',
  notCustomisable: 'This product is not personalised',
  unitCount: (quantity: number) => `Send one entry for each of the ${quantity} ordered unit${quantity === 1 ? '' : 's'}`,
  locked: 'Personalisation is locked: this order has gone into production',
  cancelled: 'This order was cancelled: personalisation can no longer be sent',
  imageNotFound: 'A photo was not found among your uploads; upload it again',
  imageInUse: 'A photo can be used for one unit only; upload it again for this one',
  noFiles: 'Choose at least one photo (field "files")',
  tooManyFiles: (max: number) => `Upload at most ${max} photos at a time`,
  fileType: 'Only JPEG, PNG, WebP or HEIC photos can be uploaded',
  fileTooLarge: 'Each photo must be 10 MB or smaller',
  tooManyPixels: `Each photo must be ${MAX_UPLOAD_MEGAPIXELS} megapixels or fewer`,
  unreadable: 'This photo could not be read; try another file',
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
const uuid = (message: string) => z.string({ error: message }).regex(UUID, { error: message });

/** A client may send back the whole reference it got from the upload, or just its id: only the id is used. */
const imageRefSchema = z
  .union([z.string(), z.object({ id: z.string() }).loose()], { error: customisationMessages.imageNotFound })
  .transform((ref) => (typeof ref === 'string' ? ref : ref.id))
  .pipe(uuid(customisationMessages.imageNotFound));

/** One unit's details as sent: both fields may be present, `shapeCustomisation` drops the one the type does not use. */
export const customisationEntrySchema = z.object({
  text: z.string({ error: customisationMessages.textRequired }).default(''),
  images: z.array(imageRefSchema, { error: customisationMessages.imageNotFound }).max(MAX_MEDIA_LIMIT).default([]),
});
export type CustomisationEntry = z.output<typeof customisationEntrySchema>;

/** POST customized-add (spec §3 customisation payload). */
export const customisationRequestSchema = z.object({
  productId: uuid(customisationMessages.productId),
  orderId: uuid(customisationMessages.orderId),
  /**
   * Which line, when the product is in the order more than once (two options of it); optional otherwise. Not in the
   * spec's payload: an addition that the spec's clients never need to send.
   */
  lineId: uuid(customisationMessages.lineId).optional(),
  customisation: z.array(customisationEntrySchema, { error: customisationMessages.unitCount(1) }).min(1, { error: customisationMessages.unitCount(1) }).max(99),
});
export type CustomisationRequest = z.input<typeof customisationRequestSchema>;

/** Spec §5: type text sends text with no images, type image sends images with empty text, both sends both. */
export function shapeCustomisation(type: ProductCustomization['type'], entries: readonly CustomisationEntry[]): CustomisationEntry[] {
  return entries.map((entry) => ({
    text: type === 'image' ? '' : entry.text.trim(),
    images: type === 'text' ? [] : [...entry.images],
  }));
}

/**
 * Spec §5's rules for a whole line, after shaping: text required (and sane) for text/both, exactly mediaLimit images
 * per unit for image/both, one entry per ordered unit. Answers field errors keyed like the payload
 * ("customisation.0.text", "customisation.1.images", "customisation"); empty when all is well.
 */
export function checkCustomisation(customization: ProductCustomization, quantity: number, entries: readonly CustomisationEntry[]): Record<string, string> {
  const errors: Record<string, string> = {};
  if (entries.length !== quantity) errors.customisation = customisationMessages.unitCount(quantity);
  const limit = mediaLimitOf(customization);
  entries.forEach((entry, index) => {
    if (customization.type !== 'image') {
      const text = entry.text.trim();
      if (text.length === 0) errors[`customisation.${index}.text`] = customisationMessages.textRequired;
      else if (text.length > MAX_CUSTOMISATION_TEXT) errors[`customisation.${index}.text`] = customisationMessages.textTooLong;
      else if (hasControlCharacters(text)) errors[`customisation.${index}.text`] = customisationMessages.textInvalid;
    }
    if (customization.type !== 'text' && entry.images.length !== limit) errors[`customisation.${index}.images`] = customisationMessages.imageCount(limit);
  });
  return errors;
}

/** Spec §5: picking files for a unit raises the count message at once when the count differs from mediaLimit. */
export function checkSelectedFileCount(customization: Pick<ProductCustomization, 'mediaLimit'>, count: number): string | null {
  return count === mediaLimitOf(customization) ? null : customisationMessages.imageCount(mediaLimitOf(customization));
}

/** Details may be sent or replaced until the order goes into production (and never on a cancelled order). */
export function customisationOpen(status: OrderStatus): boolean {
  return status === 'placed' || status === 'confirmed';
}

/** Why details can no longer be sent for an order in `status` (null while they can). */
export function customisationClosedMessage(status: OrderStatus): string | null {
  if (customisationOpen(status)) return null;
  return status === 'cancelled' ? customisationMessages.cancelled : customisationMessages.locked;
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
