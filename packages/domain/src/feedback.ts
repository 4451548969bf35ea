import { z } from 'zod';
import { moderationStates, ratingField } from './review.ts';
import { emailField, requiredText } from './text-rules.ts';

/**
 * Feedback about the shop (spec §2 /feedback, §7 /api/feedbacks): anyone may send it; it is shown on /feedback only
 * after the shop approves it (docs/decisions: reviews moderation). The email is for the shop's reply and is never
 * shown.
 */

export const feedbackLimits = { name: 80, message: 2_000 } as const;

export const feedbackMessages = {
  nameRequired: 'Name is required',
  nameTooLong: `Name can be at most ${feedbackLimits.name} characters`,
  emailRequired: 'Email is required',
  emailInvalid: 'Please provide valid email address',
  messageRequired: 'Feedback is required',
  messageTooLong: `Feedback can be at most ${feedbackLimits.message} characters`,
  received: 'Thank you for your feedback! It will appear here once the shop has read it.',
} as const;
export type FeedbackMessageKey = keyof typeof feedbackMessages;

export const feedbackInputSchema = z.object({
  name: requiredText({ required: feedbackMessages.nameRequired, tooLong: feedbackMessages.nameTooLong, max: feedbackLimits.name }),
  email: emailField({ required: feedbackMessages.emailRequired, invalid: feedbackMessages.emailInvalid }),
  rating: ratingField,
  message: requiredText({ required: feedbackMessages.messageRequired, tooLong: feedbackMessages.messageTooLong, max: feedbackLimits.message }),
});
export type FeedbackInput = z.input<typeof feedbackInputSchema>;
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
