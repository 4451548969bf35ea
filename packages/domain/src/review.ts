import { z } from 'zod';
import { coded } from './field-errors.ts';
import { reviewLimits } from './refusals/engagement.ts';
import { optionalText, requiredText } from './text-rules.ts';

/**
 * Product reviews (issue 6; spec §7 /api/reviews, /api/user/review). Only a customer whose order with the product
 * was delivered may review it, once per product; they may edit or delete their review. Reviews carry a moderation
 * state; only approved ones are shown and counted in the product's rating (docs/decisions: reviews moderation).
 */

export const moderationStates = ['pending', 'approved', 'rejected'] as const;
export type ModerationState = (typeof moderationStates)[number];

export { reviewLimits };

/** 1 to 5 stars, whole numbers only. */
export const ratingField = z
  .number({ error: (issue) => coded(issue.input === undefined || issue.input === null ? 'rating_required' : 'rating_invalid') })
  .int({ error: coded('rating_invalid') })
  .min(1, { error: coded('rating_invalid') })
  .max(5, { error: coded('rating_invalid') });

/** What a customer writes (POST and PUT /api/user/review; the storefront's review form). */
export const reviewContentSchema = z.object({
  rating: ratingField,
  title: optionalText({ tooLong: 'review_title_too_long', max: reviewLimits.title }),
  text: requiredText({ required: 'review_text_required', tooLong: 'review_text_too_long', max: reviewLimits.text }),
});
export type ReviewContent = z.output<typeof reviewContentSchema>;

/** POST /api/user/review: the content and the product's id. */
export const reviewCreateSchema = reviewContentSchema.extend({
  product: z.uuid({ error: coded('review_product_required') }),
});

/** A published review as the API answers it. The author is shown by first name and initial only. */
export const reviewSchema = z.object({
  _id: z.string(),
  product: z.string(),
  rating: z.number().int(),
  title: z.string().nullable(),
  text: z.string(),
  author: z.string(),
  /** The author bought and received the product (true for every review customers write here). */
  verifiedBuyer: z.boolean(),
  /** Written by the seed to show what reviews look like, not by a shopper; the storefront says so beside it. */
  sample: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Review = z.infer<typeof reviewSchema>;

/** The caller's own review, with its moderation state (only they and staff see a pending or rejected one). */
export const ownReviewSchema = reviewSchema.extend({ state: z.enum(moderationStates) });
export type OwnReview = z.infer<typeof ownReviewSchema>;

/** A product's rating: the average of approved reviews (one decimal), their count, and how many gave each star. */
export const ratingSummarySchema = z.object({
  average: z.number(),
  count: z.number().int(),
  /** Index 0 is one star, index 4 five stars. */
  distribution: z.array(z.number().int()).length(5),
});
export type RatingSummary = z.infer<typeof ratingSummarySchema>;

/** Average to one decimal, as products.rating_average stores it; 0 without ratings. */
export function averageRating(sum: number, count: number): number {
  return count > 0 ? Math.round((sum / count) * 10) / 10 : 0;
}

/**
 * How a review's state moves when its author writes it or edits it (docs/decisions: reviews moderation): a verified
 * buyer's review is published at once; an edit keeps an approved review approved, but a rejected one goes back to
 * the shop (pending), so an edit cannot undo a rejection.
 */
export function stateAfterAuthorWrite(previous: ModerationState | null): ModerationState {
  if (previous === 'rejected') return 'pending';
  if (previous === 'pending') return 'pending';
  return 'approved';
}

/** How a public name is shown: the first word and the initial of the last, e.g. "Asha V."; "A customer" when none. */
export function displayName(fullName: string | null | undefined): string {
  const words = (fullName ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return 'A customer';
  const first = (words[0] as string).slice(0, 40);
  if (words.length === 1) return first;
  const last = words[words.length - 1] as string;
  return `${first} ${Array.from(last)[0]?.toUpperCase() ?? ''}.`;
}

/** The shop's moderation decision (staff): approve or reject. */
export const moderationRequestSchema = z.object({
  state: z.enum(['approved', 'rejected'], { error: coded('moderation_state_invalid') }),
});
