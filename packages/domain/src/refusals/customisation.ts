import { MAX_CUSTOMISATION_TEXT, MAX_CUSTOMISED_UNITS, MAX_MEDIA_LIMIT, MAX_UPLOAD_MEGABYTES, MAX_UPLOAD_MEGAPIXELS } from '../customisation-limits.ts';
import { defineRefusals } from './define.ts';

/**
 * Refusals of the customisation area (decision 037): the details sent for an order line (customized-add), photo
 * uploads (also the back office's product pictures, which go through the same image checks) and serving them. The
 * spec's texts ('Details is required', 'please select only {n} image for every product') are word for word.
 */
export const customisationRefusals = defineRefusals({
  // The details of one unit (field `customisation.{unit}.text` / `.images`).
  text_required: { status: 400, message: () => 'Details is required' },
  text_too_long: {
    status: 400,
    message: (p: { max: number }) => `Details can be at most ${p.max} characters`,
    fixed: { max: MAX_CUSTOMISATION_TEXT },
  },
  text_invalid: { status: 400, message: () => 'Remove the unusual characters from the details' },
  /** A unit's photo count differs from the product's mediaLimit (`count`, at least 1). */
  image_count: {
    status: 400,
    message: (p: { count: number }) => `please select only ${p.count || 1} image for every product`,
    example: { count: 2 },
  },
  too_many_images: {
    status: 400,
    message: (p: { max: number }) => `Send at most ${p.max} photos for one unit`,
    fixed: { max: MAX_MEDIA_LIMIT },
  },
  image_not_found: { status: 400, message: () => 'A photo was not found among your uploads; upload it again' },
  image_in_use: { status: 400, message: () => 'A photo can be used for one unit only; upload it again for this one' },
  // The line as a whole (field `customisation`), and which line.
  /** One entry per ordered unit: `count` is the line's quantity. */
  unit_count: {
    status: 400,
    message: (p: { count: number }) => `Send one entry for each of the ${p.count} ordered unit${p.count === 1 ? '' : 's'}`,
    example: { count: 3 },
  },
  /** `customisation` is missing or not a list. */
  units_missing: { status: 400, message: () => 'Send one entry for each ordered unit' },
  too_many_units: {
    status: 400,
    message: (p: { max: number }) => `Send at most ${p.max} entries, one for each ordered unit`,
    fixed: { max: MAX_CUSTOMISED_UNITS },
  },
  order_id_invalid: { status: 400, message: () => 'Order id is missing or not an order id' },
  /** The product is in the order more than once (two options of it): `lineId` must say which (also: not an id). */
  line_id_needed: { status: 400, message: () => 'This product is in the order more than once: say which line (lineId)' },
  /** Not the caller's order, exactly as when it does not exist. */
  customisation_order_not_found: { status: 404, message: () => 'Order not found' },
  product_not_in_order: { status: 404, message: () => 'This product is not in this order' },
  not_customisable: { status: 400, message: () => 'This product is not personalised' },
  order_locked: { status: 409, message: () => 'Personalisation is locked: this order has gone into production' },
  order_cancelled: { status: 409, message: () => 'This order was cancelled: personalisation can no longer be sent' },
  // Uploads (field `files`, or `request` for the form as a whole).
  no_files: { status: 400, message: () => 'Choose at least one photo (field "files")' },
  too_many_files: {
    status: 400,
    message: (p: { max: number }) => `Upload at most ${p.max} photos at a time`,
    example: { max: 2 },
  },
  too_many_fields: { status: 413, message: () => 'Too many form fields: send `files` and at most orderId, productId and lineId' },
  file_type: { status: 415, message: () => 'Only JPEG, PNG, WebP or HEIC photos can be uploaded' },
  file_too_large: {
    status: 413,
    message: (p: { max: number }) => `Each photo must be ${p.max} MB or smaller`,
    fixed: { max: MAX_UPLOAD_MEGABYTES },
  },
  /** `max` is the API's IMAGE_MAX_MEGAPIXELS (MAX_UPLOAD_MEGAPIXELS by default), so it travels with each refusal. */
  too_many_pixels: {
    status: 400,
    message: (p: { max: number }) => `Each photo must be ${p.max} megapixels or fewer`,
    example: { max: MAX_UPLOAD_MEGAPIXELS },
  },
  unreadable: { status: 400, message: () => 'This photo could not be read; try another file' },
  /** A multipart body that breaks off or has no boundary: not a form a browser sent. */
  upload_malformed: { status: 400, message: () => 'The upload could not be read; choose the photos again' },
  /** Every image decoder busy and the queue full (decision 047); the answer says Retry-After. */
  images_busy: { status: 503, message: () => 'Many photos are being processed right now; try again in a moment' },
  // Serving an upload.
  /** Another customer's photo is "not found", exactly like a missing one. */
  upload_not_found: { status: 404, message: () => 'Image not found' },
  upload_size_invalid: { status: 400, message: () => 'must be thumbnail or display' },
});
