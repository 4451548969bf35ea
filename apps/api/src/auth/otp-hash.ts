import { createHmac } from 'node:crypto';

/**
 * Phone OTPs at rest. better-auth's phoneNumber plugin stores "<code>:<attempts>" in clear and compares
 * the stored code with the submitted one as plain strings (upstream issue better-auth#11297). We keep an
 * HMAC of the code instead, keyed by AUTH_SECRET (a 6-digit code needs a keyed hash: an unkeyed one is
 * reversed by trying all million codes), and hash the submitted code the same way before the plugin
 * compares, so the plugin's own compare, attempt counting and single-use consume keep working unchanged.
 */

/** Identifiers of the rows the phoneNumber plugin writes: sign-in codes and password-reset codes. */
const OTP_IDENTIFIER = /^phone-number-(otp|reset)-/;
/** A value still holding a clear code: digits, then the attempt count. */
const CLEAR_VALUE = /^(\d+):(\d+)$/;
/** Hashed codes carry this prefix, so they can never look like a clear code (or a code someone typed). */
const PREFIX = 'h1.';

export function hashOtp(secret: string, code: string): string {
  return PREFIX + createHmac('sha256', secret).update(code).digest('base64url');
}

function isOtpIdentifier(identifier: string): boolean {
  return OTP_IDENTIFIER.test(identifier);
}

/**
 * The value to store for a verification row: OTP rows whose code part is still digits get the code
 * hashed; anything else (already hashed codes re-written with attempts+1, other kinds of rows) is kept.
 */
export function protectVerificationValue(secret: string, identifier: string, value: string): string {
  if (!isOtpIdentifier(identifier)) return value;
  const match = CLEAR_VALUE.exec(value);
  if (!match) return value;
  return `${hashOtp(secret, match[1] as string)}:${match[2]}`;
}

/**
 * What the plugin should compare: the HMAC of a submitted code. Anything that is not a string of digits
 * becomes a value no stored code can equal (a submitted hash must not match the stored hash).
 */
export function submittedOtp(secret: string, code: unknown): string {
  if (typeof code !== 'string' || !/^\d{1,12}$/.test(code)) return 'invalid';
  return hashOtp(secret, code);
}
