import { describe, expect, it } from 'vitest';
import { formRating } from './form-rating';

describe('the rating a radio group gives', () => {
  it('is read as a number; nothing chosen is "Rating is required"', () => {
    expect(formRating.parse('4')).toBe(4);
    expect(formRating.parse(5)).toBe(5);
    for (const none of [null, undefined, '', false]) {
      expect(formRating.safeParse(none).error?.issues[0]?.message, String(none)).toBe('Rating is required');
    }
    expect(formRating.safeParse('9').error?.issues[0]?.message).toBe('Rating must be a whole number from 1 to 5');
  });
});
