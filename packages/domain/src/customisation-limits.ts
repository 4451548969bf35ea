/**
 * The numbers of the personalisation rules (spec §9 and decision 023), apart from customisation.ts so the refusal
 * catalogue (refusals/customisation.ts) can name them without importing the schemas that name its codes.
 */

/** Spec §9. */
export const DEFAULT_MEDIA_LIMIT = 1;
export const THUMBNAIL_SIZE = 80;
/** Longest side of the stored display image: enough to print a photo on a mug or a lamp shade. */
export const DISPLAY_MAX_SIDE = 2048;
export const MAX_UPLOAD_MEGABYTES = 10;
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MEGABYTES * 1024 * 1024;
/** The default of IMAGE_MAX_MEGAPIXELS: a 24-megapixel camera's photo passes, a decompression bomb does not. */
export const MAX_UPLOAD_MEGAPIXELS = 25;
export const MAX_CUSTOMISATION_TEXT = 500;
/** Most photos one unit may need: a collage frame; anything above is a wholesale job. */
export const MAX_MEDIA_LIMIT = 10;
/** Most units one request may personalise: the most of one line an order takes (order.ts MAX_QUANTITY_PER_LINE). */
export const MAX_CUSTOMISED_UNITS = 99;
