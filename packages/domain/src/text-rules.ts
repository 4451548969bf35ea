import { z } from 'zod';
import { coded } from './field-errors.ts';
import type { RefusalCode } from './refusals/index.ts';

/**
 * Small building blocks for the free-text forms of contact, newsletter, feedback and reviews: every field is trimmed,
 * a blank value counts as missing (so "   " gets the "is required" refusal, not a format one), and characters
 * PostgreSQL or a mail client would choke on are refused. Each check names a refusal code (decision 037).
 */

/** Control characters other than tab and newlines: no real message holds them; NUL breaks PostgreSQL's text type. */
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

export function hasControlCharacters(value: string): boolean {
  return CONTROL_CHARACTERS.test(value);
}

/**
 * A required text field: `required` when absent, not a string or blank; `tooLong` above `max` characters;
 * `invalid` with control characters (`unusual_characters` unless given).
 */
export function requiredText(options: { required: RefusalCode; tooLong: RefusalCode; max: number; invalid?: RefusalCode }) {
  const invalid = coded(options.invalid ?? 'unusual_characters');
  return z
    .string({ error: coded(options.required) })
    .transform((value) => value.trim())
    .pipe(
      z
        .string()
        .min(1, { error: coded(options.required) })
        .max(options.max, { error: coded(options.tooLong) })
        .refine((value) => !hasControlCharacters(value), { error: invalid }),
    );
}

/** An optional text field: absent, null or blank become null. */
export function optionalText(options: { tooLong: RefusalCode; max: number; invalid?: RefusalCode }) {
  const invalid = coded(options.invalid ?? 'unusual_characters');
  return z
    .string({ error: coded(options.tooLong) })
    .nullish()
    .transform((value) => value?.trim() ?? '')
    .pipe(
      z
        .string()
        .max(options.max, { error: coded(options.tooLong) })
        .refine((value) => !hasControlCharacters(value), { error: invalid }),
    )
    .transform((value) => (value === '' ? null : value));
}

/** Longest email address SMTP allows (RFC 5321: 254 characters in a path). */
const EMAIL_MAX_LENGTH = 254;

const emailFormat = z.email();

/** True for an address of the usual form (name@domain.tld), as the shop's forms accept it. */
function isEmailAddress(value: string): boolean {
  return value.length <= EMAIL_MAX_LENGTH && emailFormat.safeParse(value).success;
}

/**
 * A required email address: `required` when missing or blank, `invalid` when it is not an address (the spec's two
 * texts differ by form, so each form names its codes). Trimmed; lower-cased when `lowerCase` (the newsletter compares
 * addresses without case).
 */
export function emailField(codes: { required: RefusalCode; invalid: RefusalCode }, options: { lowerCase?: boolean } = {}) {
  return z
    .string({ error: coded(codes.required) })
    .transform((value) => (options.lowerCase ? value.trim().toLowerCase() : value.trim()))
    .pipe(
      z
        .string()
        .min(1, { error: coded(codes.required) })
        .refine(isEmailAddress, { error: coded(codes.invalid) }),
    );
}
