import { describe, expect, it } from 'vitest';
import { feedbackInputSchema, feedbackMessages } from './feedback.ts';
import { firstFieldErrors } from './field-errors.ts';
import { averageRating, displayName, reviewContentSchema, reviewCreateSchema, reviewMessages, stateAfterAuthorWrite } from './review.ts';

const errorsOf = (schema: { safeParse(input: unknown): { success: boolean; error?: unknown } }, input: unknown) => {
  const result = schema.safeParse(input) as { success: boolean; error?: Parameters<typeof firstFieldErrors>[0] };
  return result.success ? {} : firstFieldErrors(result.error!);
};

describe('review content', () => {
  it('takes a rating of 1 to 5, an optional title and the text', () => {
    expect(reviewContentSchema.parse({ rating: 5, title: '  ', text: ' Lovely lamp ' })).toEqual({ rating: 5, title: null, text: 'Lovely lamp' });
    expect(reviewContentSchema.parse({ rating: 1, title: 'Broke', text: 'x' })).toMatchObject({ title: 'Broke' });
  });

  it.each([
    [{ text: 'x' }, { rating: reviewMessages.ratingRequired }],
    [{ rating: 0, text: 'x' }, { rating: reviewMessages.rating }],
    [{ rating: 6, text: 'x' }, { rating: reviewMessages.rating }],
    [{ rating: 4.5, text: 'x' }, { rating: reviewMessages.rating }],
    [{ rating: '5', text: 'x' }, { rating: reviewMessages.rating }],
    [{ rating: 5 }, { text: reviewMessages.textRequired }],
    [{ rating: 5, text: '   ' }, { text: reviewMessages.textRequired }],
    [{ rating: 5, text: 'x'.repeat(2_001) }, { text: reviewMessages.textTooLong }],
    [{ rating: 5, text: 'x', title: 't'.repeat(121) }, { title: reviewMessages.titleTooLong }],
  ])('%j → %j', (input, errors) => {
    expect(errorsOf(reviewContentSchema, input)).toEqual(errors);
  });

  it('needs a product id to create', () => {
    expect(errorsOf(reviewCreateSchema, { rating: 5, text: 'x' })).toEqual({ product: reviewMessages.productRequired });
    expect(errorsOf(reviewCreateSchema, { rating: 5, text: 'x', product: 'moon-lamp' })).toEqual({ product: reviewMessages.productRequired });
  });
});

describe('moderation of an author\'s write', () => {
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
      name: feedbackMessages.nameRequired,
      email: feedbackMessages.emailRequired,
      rating: reviewMessages.ratingRequired,
      message: feedbackMessages.messageRequired,
    });
    expect(feedbackInputSchema.parse({ name: 'Asha', email: 'a@example.com', rating: 4, message: ' Quick delivery ' })).toMatchObject({
      message: 'Quick delivery',
    });
  });
});
