import { z } from 'zod';
import { ratingField } from '@shop/domain/review';

/** A radio value as the rating field wants it: a number, or undefined when nothing is chosen. */
const ratingValue = (value: unknown) => (value === '' || value === null || value === undefined || value === false ? undefined : Number(value));

/**
 * The shared rating rule for a form: react-hook-form gives a radio group's value as its string ("4", or null when
 * none is chosen; its setValueAs only applies to text inputs), so it is turned into a number first.
 */
export const formRating = z.preprocess(ratingValue, ratingField);
