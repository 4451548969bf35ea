import { defineRefusals } from './define.ts';

/**
 * Refusals of the engagement area (decision 037): the contact / complaint form (POST /api/report), the newsletter,
 * shop feedback, product reviews and their moderation, and the client error log (POST /api/log). The contact texts
 * are the spec's, word for word (note the lower-case "name is required" and "contact number is required"). The
 * shared person fields (name_required, email_required, …) are the account area's.
 */

/** Longest contact form values, in characters (the API accepts the key suffix on top of the message). */
export const contactLimits = { name: 100, message: 5_000, key: 100 } as const;
export const reviewLimits = { title: 120, text: 2_000, authorName: 80 } as const;
export const feedbackLimits = { name: 80, message: 2_000 } as const;
/** Longest strings of a client error report. */
export const LOG_LIMITS = { message: 2_000, stack: 20_000, url: 2_000, userAgent: 500 } as const;

export const engagementRefusals = defineRefusals({
  // Any free-text field (text-rules.ts).
  unusual_characters: { status: 400, message: () => 'Remove the unusual characters from this field' },

  // The contact / complaint form (spec §5, §9).
  contact_name_required: { status: 400, message: () => 'name is required' },
  contact_name_too_long: {
    status: 400,
    message: (p: { max: number }) => `name can be at most ${p.max} characters`,
    fixed: { max: contactLimits.name },
  },
  contact_number_required: { status: 400, message: () => 'contact number is required' },
  contact_number_invalid: { status: 400, message: () => 'Please provide proper mobile number' },
  email_invalid: { status: 400, message: () => 'Please provide valid email address' },
  message_required: { status: 400, message: () => 'Message is required' },
  message_too_long: {
    status: 400,
    message: (p: { max: number }) => `Message can be at most ${p.max} characters`,
    fixed: { max: contactLimits.message },
  },
  contact_key_invalid: {
    status: 400,
    message: (p: { max: number }) => `key can be at most ${p.max} letters, digits, dashes, dots or underscores`,
    fixed: { max: contactLimits.key },
  },

  // The newsletter (spec §7 /api/subscribe/newsletter). The spec's newsletter text ends with a full stop.
  newsletter_email_invalid: { status: 400, message: () => 'Please provide valid email address.' },
  newsletter_token_required: { status: 400, message: () => 'token is required' },
  newsletter_token_invalid: { status: 404, message: () => 'This link is not valid or has expired.' },

  // Product reviews (/api/reviews, /api/user/review) and shop feedback (/api/feedbacks).
  rating_required: { status: 400, message: () => 'Rating is required' },
  rating_invalid: { status: 400, message: () => 'Rating must be a whole number from 1 to 5' },
  review_product_required: { status: 400, message: () => 'product is required' },
  review_text_required: { status: 400, message: () => 'Review text is required' },
  review_text_too_long: {
    status: 400,
    message: (p: { max: number }) => `Review text can be at most ${p.max} characters`,
    fixed: { max: reviewLimits.text },
  },
  review_title_too_long: {
    status: 400,
    message: (p: { max: number }) => `Title can be at most ${p.max} characters`,
    fixed: { max: reviewLimits.title },
  },
  review_not_buyer: { status: 403, message: () => 'Only customers whose order with this product was delivered can review it' },
  review_duplicate: { status: 409, message: () => 'You have already reviewed this product; edit your review instead' },
  review_not_found: { status: 404, message: () => 'Review not found' },
  feedback_required: { status: 400, message: () => 'Feedback is required' },
  feedback_too_long: {
    status: 400,
    message: (p: { max: number }) => `Feedback can be at most ${p.max} characters`,
    fixed: { max: feedbackLimits.message },
  },
  feedback_not_found: { status: 404, message: () => 'Feedback not found' },
  moderation_state_invalid: { status: 400, message: () => 'state must be approved or rejected' },

  // The client error log (POST /api/log).
  log_message_required: { status: 400, message: () => 'message is required' },
  log_message_too_long: {
    status: 400,
    message: (p: { max: number }) => `must be at most ${p.max} characters`,
    fixed: { max: LOG_LIMITS.message },
  },
  log_stack_too_long: {
    status: 400,
    message: (p: { max: number }) => `must be at most ${p.max} characters`,
    fixed: { max: LOG_LIMITS.stack },
  },
  log_url_too_long: {
    status: 400,
    message: (p: { max: number }) => `must be at most ${p.max} characters`,
    fixed: { max: LOG_LIMITS.url },
  },
  nul_characters: { status: 400, message: () => 'must not contain NUL characters' },
});
