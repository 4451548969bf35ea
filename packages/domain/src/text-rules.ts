import { z } from 'zod';

/**
 * Small building blocks for the free-text forms of contact, newsletter, feedback and reviews: every field is trimmed,
 * a blank value counts as missing (so "   " gets the "is required" message, not a format one), and characters
 * PostgreSQL or a mail client would choke on are refused with a message naming the field.
 */

/** Control characters other than tab and newlines: no real message holds them; NUL breaks PostgreSQL's text type. */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/**
 * A required text field: `required` when absent, not a string or blank; `tooLong` above `max` characters;
 * `invalid` with control characters (defaults to a generic text).
 */
export function requiredText(options: { required: string; tooLong: string; max: number; invalid?: string }) {
  const invalid = options.invalid ?? 'Remove the unusual characters from this field';
  return z
    .string({ error: options.required })
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, { error: options.required })
        .max(options.max, { error: options.tooLong })
        .refine((value) => !hasControlCharacters(value), { error: invalid }),
    );
}

/** An optional text field: absent, null or blank become null. */
export function optionalText(options: { tooLong: string; max: number; invalid?: string }) {
  const invalid = options.invalid ?? 'Remove the unusual characters from this field';
  return z
    .string({ error: options.tooLong })
    .nullish()
    .transform((value) => value?.trim() ?? '')
    .pipe(
      z
        .string()
        .max(options.max, { error: options.tooLong })
        .refine((value) => !hasControlCharacters(value), { error: invalid }),
    )
    .transform((value) => (value === '' ? null : value));
}

/** Longest email address SMTP allows (RFC 5321: 254 characters in a path). */
export const EMAIL_MAX_LENGTH = 254;

const emailFormat = z.email();

/** True for an address of the usual form (name@domain.tld), as the shop's forms accept it. */
export function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && emailFormat.safeParse(value).success;
}

/**
 * A required email address with the spec's two messages: `required` when missing or blank, `invalid` when it is not
 * an address. Trimmed; lower-cased when `lowerCase` (the newsletter compares addresses without case).
 */
export function emailField(messages: { required: string; invalid: string }, options: { lowerCase?: boolean } = {}) {
  return z
    .string({ error: messages.required })
    .transform((value) => (options.lowerCase ? value.trim().toLowerCase() : value.trim()))
    .pipe(
      z
        .string()
        .min(1, { error: messages.required })
        .refine(isEmailAddress, { error: messages.invalid }),
    );
}
