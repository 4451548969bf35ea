import { z } from 'zod';
import { feedbackLimits } from './refusals/engagement.ts';
import { moderationStates, ratingField } from './review.ts';
import { emailField, requiredText } from './text-rules.ts';

/**
 * Feedback about the shop (spec §2 /feedback, §7 /api/feedbacks): anyone may send it; it is shown on /feedback only
 * after the shop approves it (docs/decisions: reviews moderation). The email is for the shop's reply and is never
 * shown.
 */

export { feedbackLimits };

/** The answer to sent feedback (its refusals are codes: name_required, email_invalid, feedback_required, …). */
export const feedbackMessages = {
  received: 'Thank you for your feedback! It will appear here once the shop has read it.',
} as const;

export const feedbackInputSchema = z.object({
  // name_too_long is the account area's (at most 80 characters, as feedbackLimits.name).
  name: requiredText({ required: 'name_required', tooLong: 'name_too_long', max: feedbackLimits.name }),
  email: emailField({ required: 'email_required', invalid: 'email_invalid' }),
  rating: ratingField,
  message: requiredText({ required: 'feedback_required', tooLong: 'feedback_too_long', max: feedbackLimits.message }),
});
export type FeedbackValues = z.output<typeof feedbackInputSchema>;

/** Approved feedback as GET /api/feedbacks answers it (no email). */
export const feedbackSchema = z.object({
  _id: z.string(),
  author: z.string(),
  rating: z.number().int(),
  message: z.string(),
  createdAt: z.string(),
});
export type Feedback = z.infer<typeof feedbackSchema>;

/** Feedback as the shop's moderation list shows it. */
export const feedbackForShopSchema = feedbackSchema.extend({ name: z.string(), email: z.string(), state: z.enum(moderationStates) });

/** Feedback messages per client address and hour (429 beyond). */
export const FEEDBACK_RATE_LIMIT = { max: 5, windowMinutes: 60 } as const;
