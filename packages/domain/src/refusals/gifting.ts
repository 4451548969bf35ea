import { GIFT_MESSAGE_MAX, GIFT_NAME_MAX, PROOF_COMMENT_MAX, PROOF_WAIT_DAYS_MAX } from '../gift/gift-limits.ts';
import { formatInr } from '../money.ts';
import {
  PREVIEW_AREAS_MAX,
  PREVIEW_ASPECT_MAX,
  PREVIEW_ASPECT_MIN,
  PREVIEW_FONT_MAX,
  PREVIEW_FONT_MIN,
  PREVIEW_LABEL_MAX,
  PREVIEW_TEXT_MAX,
} from '../gift/personalisation-limits.ts';
import { defineRefusals } from './define.ts';

/**
 * Refusals of gifting (issue 24): the gift options at checkout, the shop's gifting settings, and proofs (staff upload
 * one, the customer approves it or asks for changes; production waits for the approval).
 */
export const giftingRefusals = defineRefusals({
  gift_recipient_name_required: {
    status: 400,
    message: (p: { max: number }) => `Enter the recipient's name (at most ${p.max} characters)`,
    fixed: { max: GIFT_NAME_MAX },
  },
  gift_recipient_phone_invalid: { status: 400, message: () => "Enter the recipient's 10-digit mobile number" },
  gift_message_too_long: {
    status: 400,
    message: (p: { max: number }) => `A gift message can be at most ${p.max} characters`,
    fixed: { max: GIFT_MESSAGE_MAX },
  },
  gift_occasion_invalid: { status: 400, message: () => 'Choose the occasion from the list' },
  gift_occasion_date_invalid: { status: 400, message: () => 'Enter the date of the occasion (today or later)' },
  /** Wrap was asked for, but the shop stopped offering it (the checkout's terms were older). */
  gift_wrap_unavailable: { status: 409, message: () => 'Gift wrap is not available at the moment. Untick it to place the order.' },
  /** The shop's gift-wrap price or proof wait in the back office. */
  settings_gift_wrap_fee_invalid: {
    status: 400,
    message: (p: { limit: number }) => `Enter the gift-wrap price in paise, from 0 up to ${formatInr(p.limit)}`,
    fixed: { limit: 100_000 },
  },
  settings_proof_wait_days_invalid: {
    status: 400,
    message: (p: { max: number }) => `Enter the days to wait for a proof answer as a whole number from 1 to ${p.max}, or leave it empty`,
    fixed: { max: PROOF_WAIT_DAYS_MAX },
  },
  /** Staff tried to start production before the customer approved the latest proof (and the wait, if any, is not over). */
  proof_not_approved: {
    status: 409,
    message: () => 'This order needs a proof the customer has approved before it can go into production',
  },
  /** A proof upload to an order whose products need none, or that is past production. */
  proof_not_needed: { status: 409, message: () => 'This order does not take proofs (no product on it needs one, or it is past production)' },
  proof_not_found: { status: 404, message: () => 'Proof not found' },
  /** The customer answered a proof that is not the latest, or was already answered. */
  proof_already_answered: { status: 409, message: () => 'This proof has already been answered or a newer one replaced it' },
  proof_comment_required: {
    status: 400,
    message: (p: { max: number }) => `Say what should change (at most ${p.max} characters)`,
    fixed: { max: PROOF_COMMENT_MAX },
  },
  proof_decision_invalid: { status: 400, message: () => 'Choose to approve the proof or to ask for changes' },
  /** Personalisation templates (staff, decision 107). */
  template_not_found: { status: 404, message: () => 'This product has no personalisation template' },
  template_product_not_personalised: {
    status: 409,
    message: () => "Set the product's customisation type (text, image or both) before giving it a template",
  },
  template_base_image_invalid: { status: 400, message: () => "Choose the base photo from the product's own images" },
  template_areas_invalid: {
    status: 400,
    message: (p: { max: number }) => `A template needs from 1 to ${p.max} areas`,
    fixed: { max: PREVIEW_AREAS_MAX },
  },
  template_area_kind_invalid: { status: 400, message: () => 'An area is either a text box or a photo box' },
  template_area_id_invalid: { status: 400, message: () => 'Give the area an id of lower-case letters, digits and dashes (at most 30)' },
  template_area_id_duplicate: { status: 400, message: () => 'Two areas have the same id' },
  template_label_required: {
    status: 400,
    message: (p: { max: number }) => `Give the area a label (at most ${p.max} characters)`,
    fixed: { max: PREVIEW_LABEL_MAX },
  },
  template_area_outside: {
    status: 400,
    message: () => 'The area must lie inside the photo: x and y from 0, width and height above 0, x + width and y + height at most 1',
  },
  template_font_invalid: { status: 400, message: () => 'Choose the font from the list' },
  template_font_size_invalid: {
    status: 400,
    message: (p: { min: number; max: number }) => `Enter a font size as a whole number of pixels from ${p.min} to ${p.max}`,
    fixed: { min: PREVIEW_FONT_MIN, max: PREVIEW_FONT_MAX },
  },
  template_font_sizes_order: { status: 400, message: () => 'The smallest font size must not be above the largest' },
  template_font_too_tall: { status: 400, message: () => 'The smallest font size does not fit the height of the box' },
  template_colour_invalid: { status: 400, message: () => 'Enter the colour as #rrggbb' },
  template_max_chars_invalid: {
    status: 400,
    message: (p: { max: number }) => `Enter the most characters as a whole number from 1 to ${p.max}`,
    fixed: { max: PREVIEW_TEXT_MAX },
  },
  template_align_invalid: { status: 400, message: () => 'Choose the alignment: start, centre or end' },
  template_aspect_invalid: {
    status: 400,
    message: (p: { min: number; max: number }) => `Enter the photo box's width / height from ${p.min} to ${p.max}`,
    fixed: { min: PREVIEW_ASPECT_MIN, max: PREVIEW_ASPECT_MAX },
  },
  /** The shopper's personalisation of a cart line (decision 107). */
  personal_not_offered: { status: 409, message: () => 'This product is no longer personalised this way; add it to the cart again' },
  personal_area_unknown: { status: 409, message: () => 'This product is no longer personalised this way; add it to the cart again' },
  personal_text_required: { status: 400, message: (p: { label: string }) => `Enter the ${p.label}`, example: { label: 'Name' } },
  personal_text_too_long: {
    status: 400,
    message: (p: { label: string; max: number }) => `${p.label}: at most ${p.max} characters`,
    example: { label: 'Name', max: 12 },
  },
  personal_text_invalid: { status: 400, message: () => 'Use letters, digits and punctuation on one line' },
  personal_preview_too_big: { status: 413, message: () => 'The preview image is too big' },
});
