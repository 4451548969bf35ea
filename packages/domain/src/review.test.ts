import { describe, expect, it } from 'vitest';
import { feedbackInputSchema } from './feedback.ts';
import { fieldRefusalsOf } from './field-errors.ts';
import { refusalParams } from './refusals/index.ts';
import {
  averageRating,
  displayName,
  feedbackLimits,
  moderationRequestSchema,
  reviewContentSchema,
  reviewCreateSchema,
  stateAfterAuthorWrite,
} from './index.ts';

/** The code per field of a failed parse. */
const errorsOf = (schema: { safeParse(input: unknown): { success: boolean; error?: unknown } }, input: unknown) => {
  const result = schema.safeParse(input) as { success: boolean; error?: Parameters<typeof fieldRefusalsOf>[0] };
  return result.success ? {} : Object.fromEntries(Object.entries(fieldRefusalsOf(result.error!)).map(([field, refusal]) => [field, refusal.code]));
};

describe('review content', () => {
  it('takes a rating of 1 to 5, an optional title and the text', () => {
    expect(reviewContentSchema.parse({ rating: 5, title: '  ', text: ' Lovely lamp ' })).toEqual({ rating: 5, title: null, text: 'Lovely lamp' });
    expect(reviewContentSchema.parse({ rating: 1, title: 'Broke', text: 'x' })).toMatchObject({ title: 'Broke' });
  });

  it.each([
    [{ text: 'x' }, { rating: 'rating_required' }],
    [{ rating: 0, text: 'x' }, { rating: 'rating_invalid' }],
    [{ rating: 6, text: 'x' }, { rating: 'rating_invalid' }],
    [{ rating: 4.5, text: 'x' }, { rating: 'rating_invalid' }],
    [{ rating: '5', text: 'x' }, { rating: 'rating_invalid' }],
    [{ rating: 5 }, { text: 'review_text_required' }],
    [{ rating: 5, text: '   ' }, { text: 'review_text_required' }],
    [{ rating: 5, text: 'x'.repeat(2_001) }, { text: 'review_text_too_long' }],
    [{ rating: 5, text: 'x', title: 't'.repeat(121) }, { title: 'review_title_too_long' }],
  ])('%j → %j', (input, errors) => {
    expect(errorsOf(reviewContentSchema, input)).toEqual(errors);
  });

  it('needs a product id to create', () => {
    expect(errorsOf(reviewCreateSchema, { rating: 5, text: 'x' })).toEqual({ product: 'review_product_required' });
    expect(errorsOf(reviewCreateSchema, { rating: 5, text: 'x', product: 'moon-lamp' })).toEqual({ product: 'review_product_required' });
  });
});

describe("moderation of an author's write", () => {
  it('publishes a new review at once, keeps an approved one approved, sends a rejected one back to the shop', () => {
    expect(stateAfterAuthorWrite(null)).toBe('approved');
    expect(stateAfterAuthorWrite('approved')).toBe('approved');
    expect(stateAfterAuthorWrite('rejected')).toBe('pending');
    expect(stateAfterAuthorWrite('pending')).toBe('pending');
  });
});

describe('rating helpers', () => {
  it('averages to one decimal, 0 without ratings', () => {
    expect(averageRating(0, 0)).toBe(0);
    expect(averageRating(14, 3)).toBe(4.7);
    expect(averageRating(9, 2)).toBe(4.5);
  });

  it('shows a first name and the initial of the last', () => {
    expect(displayName('Asha Verma')).toBe('Asha V.');
    expect(displayName('  asha  ')).toBe('asha');
    expect(displayName('Ravi Kumar singh')).toBe('Ravi S.');
    expect(displayName('')).toBe('A customer');
    expect(displayName(null)).toBe('A customer');
  });
});

describe('shop feedback', () => {
  it('needs a name, an email, a rating and the message', () => {
    expect(errorsOf(feedbackInputSchema, {})).toEqual({
      name: 'name_required',
      email: 'email_required',
      rating: 'rating_required',
      message: 'feedback_required',
    });
    expect(feedbackInputSchema.parse({ name: 'Asha', email: 'a@example.com', rating: 4, message: ' Quick delivery ' })).toMatchObject({
      message: 'Quick delivery',
    });
  });

  it('refuses a long name with the same limit the code names', () => {
    expect(errorsOf(feedbackInputSchema, { name: 'x'.repeat(feedbackLimits.name + 1), email: 'a@b.in', rating: 1, message: 'm' })).toEqual({
      name: 'name_too_long',
    });
    expect(refusalParams('name_too_long')).toEqual({ max: feedbackLimits.name });
    expect(fieldRefusalsOf(feedbackInputSchema.safeParse({ name: 'A', email: 'a@', rating: 9, message: 'x'.repeat(2_001) }).error!)).toEqual({
      email: { code: 'email_invalid', message: 'Please provide valid email address' },
      rating: { code: 'rating_invalid', message: 'Rating must be a whole number from 1 to 5' },
      message: { code: 'feedback_too_long', message: 'Feedback can be at most 2000 characters', params: { max: 2000 } },
    });
  });
});

describe('moderation', () => {
  it('takes approved or rejected only', () => {
    expect(errorsOf(moderationRequestSchema, { state: 'maybe' })).toEqual({ state: 'moderation_state_invalid' });
  });
});
