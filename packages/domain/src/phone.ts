import { z } from 'zod';
import { coded } from './field-errors.ts';
import { refusalMessage } from './refusals/index.ts';

/**
 * Indian mobile numbers. People type them many ways ("98765 43210", "+91 98765-43210", "09876543210",
 * "0091 98765 43210"); the shop stores and sends one form, E.164: "+91" and 10 digits, the first 6–9
 * (numbers starting 0–5 are landlines or unassigned, and cannot receive an OTP).
 */

/** The English text of `phone_invalid` (what the API answers for a number it cannot read). */
export const INVALID_MOBILE_MESSAGE = refusalMessage('phone_invalid');

/** E.164 form of an Indian mobile number. */
export const E164_INDIAN_MOBILE = /^\+91[6-9]\d{9}$/;

/** Separators people put between digit groups; anything else (letters, a second "+") makes the input invalid. */
const SEPARATORS = /[\s\-.()]/g;

/**
 * "+91XXXXXXXXXX" for anything that reads as an Indian mobile number, else null. Accepts an optional country
 * prefix (+91, 0091, or 91 before exactly 10 digits) or the trunk prefix 0, with spaces, dashes, dots and
 * brackets anywhere.
 */
export function normaliseIndianMobile(input: unknown): string | null {
  if (typeof input !== 'string' || input.length > 40) return null;
  let digits = input.replace(SEPARATORS, '');
  if (digits.startsWith('+91')) digits = digits.slice(3);
  else if (digits.startsWith('0091')) digits = digits.slice(4);
  else if (digits.length === 12 && digits.startsWith('91')) digits = digits.slice(2);
  else if (digits.length === 11 && digits.startsWith('0')) digits = digits.slice(1);
  return /^[6-9]\d{9}$/.test(digits) ? `+91${digits}` : null;
}

/** The 10 national digits of a normalised number ("+919876543210" → "9876543210"). */
export function nationalDigits(e164: string): string {
  return e164.startsWith('+91') ? e164.slice(3) : e164;
}

/** A form or API field holding an Indian mobile number: refuses with `phone_invalid` and outputs "+91…". */
export const indianMobileSchema = z.string({ error: coded('phone_invalid') }).transform((value, context) => {
  const normalised = normaliseIndianMobile(value);
  if (normalised === null) {
    context.addIssue({ code: 'custom', message: coded('phone_invalid') });
    return z.NEVER;
  }
  return normalised;
});
