import { describe, expect, it } from 'vitest';
import { formRating } from './form-rating';

describe('the rating a radio group gives', () => {
  it('is read as a number; nothing chosen is rating_required (a code, decision 037)', () => {
    expect(formRating.parse('4')).toBe(4);
    expect(formRating.parse(5)).toBe(5);
    for (const none of [null, undefined, '', false]) {
      expect(formRating.safeParse(none).error?.issues[0]?.message, String(none)).toBe('rating_required');
    }
    expect(formRating.safeParse('9').error?.issues[0]?.message).toBe('rating_invalid');
  });
});
